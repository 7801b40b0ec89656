// The baselines shipped with `railyard score`, as predictions in the accepted format (so they go
// through the same scoring and --write-predictions can save them):
// - rule: the dataset's own rule (its manifest's rule file, checked against the SHA-256 the
//   manifest keeps) applied to each symbolic train: the ceiling a perfect learner reaches; a
//   sequence set's sequences get their formula's verdict;
// - majority: the majority class of the training split (a suite's: its reference variant's,
//   the first variant holding training samples), with the training set's east share as the
//   probability of east.
#pragma once

#include <string>
#include <vector>

#include "tools/lib/score/predictions.h"
#include "tools/lib/score/target.h"

namespace railyard::score {

// Throws ScoreError naming an unknown baseline; RuleError when the rule does not load.
std::vector<Prediction> baseline_predictions(const Target& target, const std::string& baseline);

}  // namespace railyard::score
