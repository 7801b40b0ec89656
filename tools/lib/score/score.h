// `railyard score`: a model's predictions scored against a folder railyard made, as one typed
// value (score.json's, tools/lib/records/formats/score_report.h), and the score folder written from
// it (score.json, score.md, plots/*.png, report.html). The same call serves the command and the
// Python module.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tools/lib/records/formats/score_report.h"
#include "util/staged_folder.h"

namespace railyard::score {

struct ScoreRequest {
  // Predictions files (JSON Lines or CSV), or folders of them (*.jsonl, *.json, *.csv inside);
  // a suite's files may each answer one variant, named after it.
  std::vector<std::filesystem::path> predictions;
  std::filesystem::path target;  // a dataset, suite, pairs folder or sequence set
  std::string baseline;          // "rule" or "majority": score that instead of predictions
  bool partial = false;          // score what is there; coverage says how much is missing
  double confidence = 0.95;      // of every interval
  std::optional<std::filesystem::path> worlds;  // worlds.json (or its folder) of a worlds suite
  std::size_t misclassified = 50;               // listed per dataset
};

// Every figure, as score.json holds it (no plots: no file is written). Throws InputError
// (ScoreError, DatasetError) naming the file, line and key of the first fault; nothing is
// computed past it.
ScoreReport score_predictions(const ScoreRequest& request);

// The predictions file a baseline is scored from, in the accepted format (CSV when `file` ends
// in .csv, else JSON Lines); written whole or not at all.
void write_baseline_predictions(const ScoreRequest& request, const std::filesystem::path& file);

// A score folder and a --compare folder (util/staged_folder.h): each replaces only a folder of its
// own kind that it wrote and nobody changed; check_destination(folder, kScoreFolder) refuses the
// rest before any work.
inline constexpr FolderKind kScoreFolder{
    "railyard score", ".railyard-score", {".partial-", ".old-"}};
inline constexpr FolderKind kCompareFolder{"railyard score --compare", ".railyard-compare"};

// Writes `folder` whole or not at all: score.json, score.md, plots/*.png, differences/*.png and
// report.html. Returns what its score.json holds: `score` with its plots and difference files.
ScoreReport write_score_folder(ScoreReport score, const std::filesystem::path& folder);

}  // namespace railyard::score
