#include "tools/lib/score/target.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <type_traits>
#include <variant>

#include "logic/distribution.h"
#include "logic/vocabulary.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/records/formats/sequence_files.h"
#include "tools/lib/records/open_folder.h"
#include "tools/lib/records/pair_record.h"
#include "tools/lib/score/score_error.h"
#include "util/content_hash.h"
#include "util/external_program.h"
#include "util/file_system.h"

namespace railyard::score {

namespace fs = std::filesystem;

namespace {

std::uint16_t scene_slot(DatasetTarget& target, const std::string& scene) {
  auto found = std::find(target.scenes.begin(), target.scenes.end(), scene);
  if (found != target.scenes.end())
    return static_cast<std::uint16_t>(found - target.scenes.begin());
  target.scenes.push_back(scene);
  return static_cast<std::uint16_t>(target.scenes.size() - 1);
}

SampleTruth sample_truth(const DatasetFolder& folder, SampleRecord& record, DatasetTarget& target) {
  SampleTruth truth;
  truth.train = std::move(record.train.train);
  truth.label = record.train.label;
  truth.labelled = record.labelled;
  truth.scene = scene_slot(target, record.scene);
  truth.image = record.files.image.empty() ? DatasetPaths::image_name(record.index)
                                           : std::move(record.files.image);
  const std::string& split = folder.split_of(record.index);
  truth.split = split == "train" ? 0 : split == "val" ? 1 : 2;
  return truth;
}

// A sequence set's sequences as scoring sees them: each one's steps and per-step predicates.
std::vector<SequenceTruth> sequence_truths(const SequenceFiles& files,
                                           const std::vector<SampleTruth>& samples) {
  std::vector<SequenceTruth> sequences;
  for (const SequenceSteps& steps : files.sequences()) {
    SequenceTruth sequence{steps.first_sample,
                           steps.steps.size(),
                           samples[steps.first_sample].split,
                           steps.accepted(),
                           {}};
    for (const auto& [name, value] : steps.steps.front().predicates)
      sequence.predicates.push_back({name, {}});
    for (const SequenceStepRecord& step : steps.steps)
      for (std::size_t k = 0; k < sequence.predicates.size() && k < step.predicates.size(); ++k)
        sequence.predicates[k].second.push_back(step.predicates[k].second);
    sequences.push_back(std::move(sequence));
  }
  return sequences;
}

// The dataset's config as its manifest keeps it, for its distribution and combination filters.
DatasetConfig manifest_config(const DatasetFolder& folder) {
  return config_from_text(folder.manifest().config,
                          folder.paths().manifest().string() + ": key 'config'");
}

// The manifest's rule and background inputs, for the rule baseline.
void add_rule_files(DatasetTarget& target, const DatasetManifest& manifest) {
  if (!manifest.inputs) return;
  auto resolved = [](const std::string& path) {
    fs::path file = path;
    return file.is_relative() && !file_system::exists(file) ? data_root() / file : file;
  };
  if (const InputFile* rule = find_input(*manifest.inputs, "rule")) {
    target.rule_file = resolved(rule->path);
    target.rule_sha256 = rule->sha256;
  }
  if (const InputFile* background = find_input(*manifest.inputs, "background"))
    target.background_file = resolved(background->path);
}

void add_filters(DatasetTarget& target, const DatasetConfig& config) {
  const TrainFilters& filters = config.sampler.filters;
  target.heldout = filters.exclude;
  target.heldout.insert(target.heldout.end(), filters.require.begin(), filters.require.end());
  if (filters.confounder) {
    target.confounder = filters.confounder->attribute;
    target.confounder_east = filters.confounder->east >= filters.confounder->west;
  }
}

Target suite_target(const SuiteFolder& suite) {
  Target target;
  target.kind = TargetKind::Suite;
  target.path = suite.root();
  const SuiteSummary& summary = suite.summary();
  target.curriculum = summary.curriculum;
  std::string hashes = sha256_hex_of_file(suite.summary_file());
  std::optional<TrainFilters> reference;
  for (std::size_t v = 0; v < summary.variants.size(); ++v) {
    DatasetFolder folder = suite.open_variant(v);
    target.datasets.push_back(load_dataset_target(folder, summary.variants[v].name));
    hashes += sha256_hex_of_file(folder.paths().manifest());
    if (summary.variants[v].name == summary.reference)
      reference = manifest_config(folder).sampler.filters;
  }
  // Every variant is judged against the training set's confounder: where the shortcut the
  // model may have learnt there agrees with the rule (in an unconfounded or reversed test too).
  for (DatasetTarget& dataset : target.datasets)
    if (reference && reference->confounder) {
      dataset.confounder = reference->confounder->attribute;
      dataset.confounder_east = reference->confounder->east >= reference->confounder->west;
    }
  target.sha256 = sha256_hex(hashes);
  return target;
}

Target pairs_target(const PairsFolder& folder) {
  Target target;
  target.kind = TargetKind::Pairs;
  target.path = folder.root();
  target.datasets.push_back(load_dataset_target(folder.base(), "base"));
  target.datasets.push_back(load_dataset_target(folder.intervened(), "intervened"));
  for (const PairRecord& pair : folder.pair_records()) {
    std::string kind;
    for (const std::string& k : pair.kinds) kind += (kind.empty() ? "" : "+") + k;
    target.pairs.push_back({pair.operations, kind, pair.flipped});
  }
  target.sha256 = sha256_hex(sha256_hex_of_file(folder.root() / "manifest.json") +
                             sha256_hex_of_file(folder.root() / "pairs.jsonl"));
  return target;
}

Target dataset_target(const DatasetFolder& folder, TargetKind kind) {
  Target target;
  target.kind = kind;
  target.path = folder.root();
  target.datasets.push_back(load_dataset_target(folder, folder.root().filename().string()));
  if (!target.datasets[0].sequences.empty()) target.kind = TargetKind::Sequences;
  target.sha256 = sha256_hex_of_file(folder.paths().manifest());
  return target;
}

}  // namespace

const char* target_kind_name(TargetKind kind) {
  switch (kind) {
    case TargetKind::Suite: return "suite";
    case TargetKind::Pairs: return "pairs";
    case TargetKind::Sequences: return "sequences";
    default: return "dataset";
  }
}

std::optional<std::uint64_t> DatasetTarget::image_index(const std::string& file) const {
  if (images_.empty())
    for (std::uint64_t i = 0; i < samples.size(); ++i) images_.emplace(samples[i].image, i);
  auto found = images_.find(file);
  if (found == images_.end()) return {};
  return found->second;
}

DatasetTarget load_dataset_target(const DatasetFolder& folder, const std::string& name) {
  const fs::path& root = folder.root();
  DatasetTarget target;
  target.name = name;
  target.folder = file_system::absolute(root);
  DatasetConfig config = manifest_config(folder);
  target.distribution = std::string(distribution_name(config.sampler.distribution));
  add_filters(target, config);
  add_rule_files(target, folder.manifest());
  target.samples.reserve(folder.count());
  SequenceFiles sequences;
  bool sequence_set = false;
  Sha256 digest;  // the records' truth is the truth only while they are the manifest's records
  for (std::uint64_t i = 0; i < folder.count(); ++i) {
    SampleRecord record = folder.read_record(i, digest, RecordDetail::Truth);
    if (i == 0)
      sequence_set = record.sequence.has_value();
    else if (record.sequence.has_value() != sequence_set)
      throw DatasetError(root.string() + ": some records are steps of a sequence, some not");
    if (sequence_set) sequences.add(record);  // checks that it is the next step
    target.samples.push_back(sample_truth(folder, record, target));
  }
  folder.check_records_digest(digest);
  if (sequence_set) target.sequences = sequence_truths(sequences, target.samples);
  return target;
}

Target load_target(const fs::path& folder) {
  return std::visit(
      [](const auto& opened) {
        using View = std::decay_t<decltype(opened)>;
        if constexpr (std::is_same_v<View, SuiteFolder>) return suite_target(opened);
        if constexpr (std::is_same_v<View, PairsFolder>) return pairs_target(opened);
        if constexpr (std::is_same_v<View, SequenceSet>)
          return dataset_target(opened.dataset(), TargetKind::Sequences);
        if constexpr (std::is_same_v<View, DatasetFolder>)
          return dataset_target(opened, TargetKind::Dataset);
        if constexpr (std::is_same_v<View, WorldsFolder> || std::is_same_v<View, ScoreFolder>) {
          throw ScoreError(opened.root.string() +
                           ": a folder of `railyard worlds` or `railyard score`, not something "
                           "predictions answer (a dataset, suite, pairs folder or sequence set)");
          return Target{};
        }
      },
      open_folder(file_system::absolute(folder)));
}

}  // namespace railyard::score
