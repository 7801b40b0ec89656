#include "tools/lib/score/matching.h"

#include <filesystem>

#include "tools/lib/score/score_error.h"
#include "util/printable_text.h"

namespace railyard::score {

namespace {

[[noreturn]] void refuse(const Prediction& p, const std::string& what) {
  throw ScoreError(p.where() + ": " + what);
}

std::string names_of(const Target& target) {
  std::string names;
  for (std::size_t k = 0; k < target.datasets.size() && k < 20; ++k)
    names += (k ? ", " : "") + target.datasets[k].name;
  return names + (target.datasets.size() > 20 ? ", ..." : "");
}

// Which dataset a line is for: its variant, else its file's name (preds/test_iid.jsonl answers
// variant test_iid); a single dataset takes every line.
std::size_t dataset_of(const Target& target, const Prediction& p) {
  if (target.kind == TargetKind::Dataset || target.kind == TargetKind::Sequences) return 0;
  std::string variant =
      p.variant.empty() ? std::filesystem::path(p.file).stem().string() : p.variant;
  for (std::size_t k = 0; k < target.datasets.size(); ++k)
    if (target.datasets[k].name == variant) return k;
  if (p.variant.empty())
    refuse(p, "no variant: give \"variant\" (one of " + names_of(target) +
                  ") or name the file after one (" + target.datasets[0].name + ".jsonl)");
  refuse(p, "key 'variant': unknown variant '" + printable(p.variant, 100) + "' (the " +
                target_kind_name(target.kind) + "'s: " + names_of(target) + ")");
}

std::uint64_t sample_of(const Target& target, const DatasetTarget& dataset, const Prediction& p) {
  bool sequences = target.kind == TargetKind::Sequences;
  if (sequences != p.sequence)
    refuse(p,
           sequences
               ? "a sequence set is scored per sequence: give \"sequence\", not a sample"
               : "key 'sequence': the target is not a sequence set; give \"index\" or \"image\"");
  std::uint64_t count = sequences ? dataset.sequences.size() : dataset.samples.size();
  if (p.index) {
    if (*p.index >= count)
      refuse(p, std::string("key '") + (sequences ? "sequence" : "index") + "': unknown " +
                    (sequences ? "sequence " : "sample ") + std::to_string(*p.index) + " (" +
                    dataset.name + " has " + std::to_string(count) + ")");
    return *p.index;
  }
  if (auto index = dataset.image_index(p.image)) return *index;
  refuse(p, "key 'image': unknown image '" + printable(p.image, 100) + "' (not in " + dataset.name +
                "/images)");
}

void check_predicates(const SequenceTruth& truth, const Prediction& p) {
  for (const auto& [name, steps] : p.predicates) {
    bool known = false;
    for (const auto& [truth_name, values] : truth.predicates) known |= truth_name == name;
    if (!known)
      refuse(p, "key 'predicates." + printable(name, 60) + "': not a predicate of the set");
    if (steps.size() != truth.length)
      refuse(p, "key 'predicates." + printable(name, 60) + "': " + std::to_string(steps.size()) +
                    " steps, but the sequence has " + std::to_string(truth.length));
  }
}

void check_complete(const Target& target, const Answers& answers) {
  for (std::size_t k = 0; k < answers.by_sample.size(); ++k) {
    const auto& row = answers.by_sample[k];
    std::uint64_t missing = 0, first = 0;
    for (std::uint64_t i = 0; i < row.size(); ++i)
      if (!row[i].given && missing++ == 0) first = i;
    if (missing == 0) continue;
    std::string files;
    for (const std::string& f : answers.files) files += (files.empty() ? "" : ", ") + f;
    throw ScoreError(files + ": no prediction for " +
                     (target.kind == TargetKind::Sequences ? "sequence " : "sample ") +
                     std::to_string(first) + " of " + target.datasets[k].name + " (" +
                     std::to_string(missing) + " of " + std::to_string(row.size()) +
                     " missing); --partial scores what is there");
  }
}

}  // namespace

Answers match_predictions(const Target& target, const std::vector<Prediction>& predictions,
                          bool partial) {
  Answers answers;
  bool sequences = target.kind == TargetKind::Sequences;
  for (const DatasetTarget& dataset : target.datasets) {
    answers.by_sample.emplace_back(sequences ? dataset.sequences.size() : dataset.samples.size());
    answers.coverage.expected += answers.by_sample.back().size();
  }
  if (sequences) answers.predicates.resize(target.datasets[0].sequences.size());
  for (const Prediction& p : predictions) {
    if (answers.files.empty() || answers.files.back() != p.file) answers.files.push_back(p.file);
    std::size_t k = dataset_of(target, p);
    std::uint64_t i = sample_of(target, target.datasets[k], p);
    Answer& answer = answers.by_sample[k][i];
    if (answer.given)
      refuse(p, std::string(sequences ? "sequence " : "sample ") + std::to_string(i) + " of " +
                    target.datasets[k].name + " is predicted twice (first at " +
                    answers.files[answer.file] + ":" + std::to_string(answer.line) + ")");
    answer = {true, p.predicted, p.probability ? static_cast<float>(*p.probability) : NAN,
              static_cast<std::uint32_t>(p.line),
              static_cast<std::uint16_t>(answers.files.size() - 1)};
    if (sequences && !p.predicates.empty()) {
      check_predicates(target.datasets[0].sequences[i], p);
      answers.predicates[i] = p.predicates;
    }
    ++answers.coverage.scored;
  }
  answers.coverage.partial = partial;
  answers.coverage.missing = answers.coverage.expected - answers.coverage.scored;
  if (!partial) check_complete(target, answers);
  return answers;
}

}  // namespace railyard::score
