#include "tools/lib/score/score.h"

#include <algorithm>

#include "tools/lib/score/baselines.h"
#include "tools/lib/score/dataset_figures.h"
#include "tools/lib/score/matching.h"
#include "tools/lib/score/pairs_figures.h"
#include "tools/lib/score/score_error.h"
#include "tools/lib/score/sequence_figures.h"
#include "tools/lib/score/target.h"
#include "tools/lib/score/world_figures.h"
#include "util/atomic_file.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/read_file.h"
#include "util/wilson.h"

namespace railyard::score {

namespace fs = std::filesystem;

namespace {

bool is_predictions_file(const fs::path& file) {
  std::string ext = file.extension().string();
  return ext == ".jsonl" || ext == ".json" || ext == ".csv";
}

// The files named, a folder standing for its predictions files in name order.
std::vector<fs::path> predictions_files(const std::vector<fs::path>& named) {
  std::vector<fs::path> files;
  for (const fs::path& path : named) {
    if (!file_system::is_directory(path)) {
      if (!file_system::exists(path))
        throw ScoreError(path.string() + ": no such predictions file");
      files.push_back(path);
      continue;
    }
    std::vector<fs::path> inside;
    for (const fs::path& entry : file_system::list_folder(path))
      if (is_predictions_file(entry) && file_system::is_regular_file(entry))
        inside.push_back(entry);
    if (inside.empty()) throw ScoreError(path.string() + ": a folder without predictions files");
    files.insert(files.end(), inside.begin(), inside.end());
  }
  if (files.empty()) throw ScoreError("no predictions file given");
  return files;
}

std::vector<Prediction> read_all(const std::vector<fs::path>& files) {
  std::vector<Prediction> all;
  for (const fs::path& file : files) {
    std::vector<Prediction> some = read_predictions(file);
    all.insert(all.end(), std::make_move_iterator(some.begin()),
               std::make_move_iterator(some.end()));
  }
  return all;
}

// Per dataset, each sample's result: '1' right, '0' wrong, '-' not scored (score.json "scored",
// what --compare pairs samples by).
std::string scored_string(const Target& target, const DatasetTarget& dataset,
                          const std::vector<Answer>& answers) {
  std::string out(answers.size(), '-');
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (!answers[i].given) continue;
    bool right = target.kind == TargetKind::Sequences
                     ? (answers[i].predicted == Direction::East) == dataset.sequences[i].accepted
                     : is_right(dataset.samples[i], answers[i]);
    out[i] = right ? '1' : '0';
  }
  return out;
}

Inputs inputs_of(const ScoreRequest& request, const Target& target,
                 const std::vector<fs::path>& files) {
  Inputs out;
  for (const fs::path& file : files)
    out.predictions.push_back({file_system::absolute(file).string(), sha256_hex_of_file(file)});
  if (!request.baseline.empty()) out.baseline = request.baseline;
  out.target = {target.path.string(), target_kind_name(target.kind), target.sha256};
  return out;
}

}  // namespace

ScoreReport score_predictions(const ScoreRequest& request) {
  if (!(request.confidence > 0.0 && request.confidence < 1.0))
    throw ScoreError("--confidence: must lie in (0, 1)");
  Target target = load_target(request.target);
  std::vector<fs::path> files;
  std::vector<Prediction> predictions;
  if (!request.baseline.empty()) {
    predictions = baseline_predictions(target, request.baseline);
  } else {
    files = predictions_files(request.predictions);
    predictions = read_all(files);
  }
  Answers answers = match_predictions(target, predictions, request.partial);
  ScoreSettings settings{request.confidence, z_for_confidence(request.confidence),
                         request.misclassified};

  ScoreReport score;
  score.confidence = request.confidence;
  score.inputs = inputs_of(request, target, files);
  score.coverage = answers.coverage;
  if (target.kind != TargetKind::Sequences)
    for (std::size_t k = 0; k < target.datasets.size(); ++k)
      score.datasets.push_back(dataset_figures(target.datasets[k], answers.by_sample[k], settings));
  if (target.kind == TargetKind::Pairs) score.pairs = pairs_figures(target, answers, settings);
  if (target.kind == TargetKind::Sequences)
    score.sequences = sequence_figures(target.datasets[0], answers, settings);
  if (request.worlds) score.worlds = world_figures(*request.worlds, target, score.datasets);
  if (target.kind == TargetKind::Suite) {
    // A suite's variants side by side (an extension of the README's schema).
    score.variants = Breakdown{"variant", "Accuracy by variant", {}};
    for (const DatasetScore& d : score.datasets)
      score.variants->rows.push_back({d.name, std::nullopt, d.accuracy});
    score.curriculum.emplace(target.curriculum);
  }
  for (std::size_t k = 0; k < target.datasets.size(); ++k)
    score.scored[target.datasets[k].name] =
        scored_string(target, target.datasets[k], answers.by_sample[k]);
  return score;
}

void write_baseline_predictions(const ScoreRequest& request, const fs::path& file) {
  if (request.baseline.empty()) throw ScoreError("--write-predictions needs --baseline");
  Target target = load_target(request.target);
  std::vector<Prediction> predictions = baseline_predictions(target, request.baseline);
  std::string text = predictions_text(predictions, file.extension() == ".csv");
  // Never replaces a file, a dataset's manifest say; a rerun writing the same bytes is fine.
  if (file_system::exists(file) &&
      !(file_system::is_regular_file(file) && read_file_text(file) == text))
    throw ScoreError(file.string() +
                     ": exists and holds something else; --write-predictions never replaces a "
                     "file (choose a new name, or remove it yourself)");
  write_file_atomically(file, text);
}

}  // namespace railyard::score
