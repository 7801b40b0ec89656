// `railyard score`: a model's predictions scored against a folder railyard made, as one JSON
// object (score.json, tools/score/README.md), and the score folder written from it (score.json,
// score.md, plots/*.png, report.html). The same call serves the command and the Python module.
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

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

// Every figure, as score.json holds it. Throws InputError (ScoreError, DatasetError) naming the
// file, line and key of the first fault; nothing is computed past it.
nlohmann::json score_predictions(const ScoreRequest& request);

// The predictions file a baseline is scored from, in the accepted format (CSV when `file` ends
// in .csv, else JSON Lines); written whole or not at all.
void write_baseline_predictions(const ScoreRequest& request, const std::filesystem::path& file);

// Writes `folder` whole or not at all: score.json, score.md, plots/*.png and report.html. A folder
// that exists is replaced only when it is a score folder (holds score.json) or empty; anything
// else is refused (ScoreError) before a file is written.
void write_score_folder(const nlohmann::json& score, const std::filesystem::path& folder);

// Throws ScoreError unless `folder` may be written by write_score_folder (or a compare).
void check_score_destination(const std::filesystem::path& folder,
                             const char* marker = "score.json");

}  // namespace railyard::score
