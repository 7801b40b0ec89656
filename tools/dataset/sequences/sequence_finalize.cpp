#include "tools/dataset/sequences/sequence_finalize.h"

#include "util/atomic_file.h"

namespace railyard {

SequenceFinalize::SequenceFinalize(const DatasetConfig& config, std::uint64_t samples,
                                   std::optional<nlohmann::ordered_json> automaton)
    : config_(config), samples_(samples), automaton_(std::move(automaton)) {}

void SequenceFinalize::attach(FinalizeContext& context) {
  context.samples = samples_;
  context.on_record = [this](const SampleRecord& record) { files_.add(record); };
  context.splits = [this] { return splits(); };
  const DatasetPaths& paths = context.paths;
  context.before_manifest = [this, &paths] { write_files(paths); };
}

// The splits of the sequences by their labels, then each sequence's samples in its split.
Splits SequenceFinalize::splits() {
  const auto& sequences = files_.sequences();
  Splits by_sequence = make_splits(files_.labels(), config_.splits, config_.subsets, config_.seed);
  split_of_.assign(sequences.size(), "");
  std::pair<const char*, const std::vector<std::uint64_t>*> named[] = {
      {"train", &by_sequence.train}, {"val", &by_sequence.val}, {"test", &by_sequence.test}};
  for (const auto& [name, list] : named)
    for (std::uint64_t s : *list) split_of_[s] = name;
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
