#include "tools/lib/score/baselines.h"

#include "logic/rule.h"
#include "tools/lib/score/score_error.h"
#include "util/content_hash.h"
#include "util/file_system.h"

namespace railyard::score {

namespace {

Prediction line(const Target& target, const DatasetTarget& dataset, std::uint64_t index,
                Direction predicted, std::optional<double> probability) {
  Prediction p;
  p.file = "baseline";
  p.line = index + 1;
  if (target.kind == TargetKind::Suite || target.kind == TargetKind::Pairs)
    p.variant = dataset.name;
  p.index = index;
  p.sequence = target.kind == TargetKind::Sequences;
  p.predicted = predicted;
  p.probability = probability;
  return p;
}

// The dataset's rule, loaded from its manifest's files; nullopt when they are gone or changed
// (the records' labels, which that rule wrote, then stand in).
std::optional<Rule> dataset_rule(const DatasetTarget& dataset) {
  if (dataset.rule_file.empty() || !file_system::exists(dataset.rule_file) ||
      !file_system::exists(dataset.background_file))
    return {};
  if (!dataset.rule_sha256.empty() && sha256_hex_of_file(dataset.rule_file) != dataset.rule_sha256)
    return {};
  return Rule::load(dataset.rule_file, dataset.background_file);
}

void add_rule(const Target& target, const DatasetTarget& dataset, std::vector<Prediction>& out) {
  if (target.kind == TargetKind::Sequences) {
    for (std::uint64_t s = 0; s < dataset.sequences.size(); ++s)
      out.push_back(line(target, dataset, s,
                         dataset.sequences[s].accepted ? Direction::East : Direction::West, {}));
    return;
  }
  std::optional<Rule> rule = dataset_rule(dataset);
  for (std::uint64_t i = 0; i < dataset.samples.size(); ++i) {
    const SampleTruth& truth = dataset.samples[i];
    Direction label = rule ? rule->label(truth.train) : truth.label;
    out.push_back(line(target, dataset, i, label, label == Direction::East ? 1.0 : 0.0));
  }
}

// East share of the training split (of its sequences in a sequence set); nullopt when empty.
std::optional<double> train_east_share(const DatasetTarget& dataset) {
  std::uint64_t n = 0, east = 0;
  for (const SequenceTruth& s : dataset.sequences)
    if (s.split == 0) ++n, east += s.accepted;
  if (!dataset.sequences.empty())
    return n ? std::optional(static_cast<double>(east) / static_cast<double>(n)) : std::nullopt;
  for (const SampleTruth& s : dataset.samples)
    if (s.split == 0) ++n, east += s.label == Direction::East;
  if (n == 0) return {};
  return static_cast<double>(east) / static_cast<double>(n);
}

void add_majority(const Target& target, std::vector<Prediction>& out) {
  std::optional<double> share;
  for (const DatasetTarget& dataset : target.datasets)
    if (!share) share = train_east_share(dataset);
  for (const DatasetTarget& dataset : target.datasets) {
    double east = share.value_or(0.5);
    if (!share) {  // no training samples anywhere: the set's own majority
      std::uint64_t e = 0;
      for (const SampleTruth& s : dataset.samples) e += s.label == Direction::East;
      east = dataset.samples.empty() ? 0.5 : static_cast<double>(e) / dataset.samples.size();
    }
    Direction majority = east > 0.5 ? Direction::East : Direction::West;
    std::uint64_t count =
        target.kind == TargetKind::Sequences ? dataset.sequences.size() : dataset.samples.size();
    for (std::uint64_t i = 0; i < count; ++i)
      out.push_back(line(target, dataset, i, majority, east));
  }
}

}  // namespace

std::vector<Prediction> baseline_predictions(const Target& target, const std::string& baseline) {
  std::vector<Prediction> out;
  if (baseline == "rule") {
    for (const DatasetTarget& dataset : target.datasets) add_rule(target, dataset, out);
  } else if (baseline == "majority") {
    add_majority(target, out);
  } else {
    throw ScoreError("--baseline: unknown baseline '" + baseline + "' (rule, majority)");
  }
  return out;
}

}  // namespace railyard::score
