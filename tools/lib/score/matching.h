// Predictions matched to the target's samples: each line to exactly one sample (or sequence) of
// one dataset. Lines naming a sample the target lacks, a sample named twice and (unless partial)
// samples no line names are refused, naming the file and line (or the first sample missed).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tools/lib/records/formats/score_report.h"
#include "tools/lib/score/predictions.h"
#include "tools/lib/score/target.h"

namespace railyard::score {

struct Answer {
  bool given = false;
  Direction predicted = Direction::West;
  float probability = NAN;  // of east; NaN when the line gave none
  std::uint32_t line = 0;   // the line that gave it, for repeats
  std::uint16_t file = 0;   // into Answers::files
  bool has_probability() const { return !std::isnan(probability); }
};

struct Answers {
  std::vector<std::string> files;              // the predictions files, as named
  std::vector<std::vector<Answer>> by_sample;  // per dataset, per sample (or per sequence)
  // A sequence set's per-step predicate predictions, per sequence (empty when none given).
  std::vector<std::vector<std::pair<std::string, std::vector<bool>>>> predicates;
  Coverage coverage;
};

// Throws ScoreError naming file and line (or the first missing sample) unless every sample is
// answered once; with `partial`, missing samples are only counted.
Answers match_predictions(const Target& target, const std::vector<Prediction>& predictions,
                          bool partial);

}  // namespace railyard::score
