// A model's predictions file, read and checked line by line (the formats are in
// tools/lib/score/README.md): JSON Lines (.jsonl, .json) or CSV with a header (.csv), one line per
// sample (or per sequence). Each line names its sample by "index", "image" (the image file's
// name) or "sequence", optionally its "variant" (a suite's variant, a pairs folder's side), and
// gives the predicted label ("label": east/west, 1/0) and/or the probability of east
// ("probability"; without a label, east when it is at least 0.5), and for sequences optional
// per-step predicate predictions. A line that is not that is refused, naming file, line and key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "logic/train.h"

namespace railyard::score {

struct Prediction {
  std::string file;  // as the user named it
  std::size_t line = 0;
  std::string variant;                 // "" when the line names none
  std::optional<std::uint64_t> index;  // "index", or "sequence" when `sequence`
  std::string image;                   // "image": a file name (folders dropped)
  bool sequence = false;               // keyed by sequence
  Direction predicted = Direction::West;
  std::optional<double> probability;  // of east
  // Sequences: per predicate, one value per step.
  std::vector<std::pair<std::string, std::vector<bool>>> predicates;

  std::string where() const { return file + ":" + std::to_string(line); }
};

// Reads a predictions file; the format follows the extension (.csv, else JSON Lines). Throws
// ScoreError naming the file, the line and the key; IoError when it cannot be read.
std::vector<Prediction> read_predictions(const std::filesystem::path& file);

// "east"/"west" (any case), "1"/"0". nullopt otherwise.
std::optional<Direction> parse_label(const std::string& text);

// A predictions file's lines, as `read_predictions` accepts them: for baselines
// (--write-predictions). JSON Lines when the path ends in .jsonl/.json, else CSV.
std::string predictions_text(const std::vector<Prediction>& predictions, bool csv);

}  // namespace railyard::score
