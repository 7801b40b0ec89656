#include "tools/lib/dataset/sequences/sequence_finalize.h"

#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {

SequenceFinalize::SequenceFinalize(const DatasetConfig& config, std::uint64_t samples,
                                   std::optional<nlohmann::ordered_json> automaton)
    : config_(config), samples_(samples), automaton_(std::move(automaton)) {}

void SequenceFinalize::attach(FinalizeContext& context) {
  context.samples = samples_;
  context.on_record = [this](const SampleRecord& record) { files_.add(record); };
  context.splits = [this] { return splits(); };
  const DatasetPaths& paths = context.paths;
  context.before_manifest = [this, &paths] {
    write_files(paths);
    return file_system::list_folder(paths.sequences());
  };
}

SequenceSplits split_sequences(std::span<const Direction> labels, const DatasetConfig& config) {
  SequenceSplits splits{make_splits(labels, config.splits, config.subsets, config.seed), {}};
  splits.split_of.assign(labels.size(), "");
  const Splits& by = splits.by_sequence;
  std::pair<const char*, const std::vector<std::uint64_t>*> named[] = {
      {"train", &by.train}, {"val", &by.val}, {"test", &by.test}};
  for (const auto& [name, list] : named)
    for (std::uint64_t s : *list) splits.split_of[s] = name;
  return splits;
}

// The splits of the sequences by their labels, then each sequence's samples in its split.
Splits SequenceFinalize::splits() {
  const auto& sequences = files_.sequences();
  SequenceSplits split = split_sequences(files_.labels(), config_);
  split_of_ = std::move(split.split_of);
  const Splits& by_sequence = split.by_sequence;
  Splits samples{sequence_samples(sequences, by_sequence.train),
                 sequence_samples(sequences, by_sequence.val),
                 sequence_samples(sequences, by_sequence.test),
                 {}};
  for (const auto& subset : by_sequence.subsets)
    samples.subsets.push_back(sequence_samples(sequences, subset));
  return samples;
}

void SequenceFinalize::write_files(const DatasetPaths& paths) const {
  files_.write(paths.sequences(), split_of_, config_.sequence.train_annotations);
  if (automaton_)
    write_file_atomically(paths.sequences() / "automaton.json", automaton_->dump(2) + "\n");
}

}  // namespace railyard
