// The figures of one dataset (a dataset folder, a suite variant, a pairs side): accuracy,
// balanced accuracy, per split, breakdowns by train length, scene, distribution and the number
// of cars carrying each attribute value, calibration, confounder and hold-out splits, and the
// misclassified samples (score.json's Dataset, tools/lib/score/README.md).
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "tools/lib/score/figure.h"
#include "tools/lib/score/matching.h"
#include "tools/lib/score/target.h"

namespace railyard::score {

struct ScoreSettings {
  double confidence = 0.95;
  double z = 1.96;                 // of `confidence`
  std::size_t misclassified = 50;  // listed per dataset, in index order
  std::size_t examples = 24;       // inconsistent pairs listed
};

// Whether the answer is right: the prediction equals the rule's label.
inline bool is_right(const SampleTruth& truth, const Answer& answer) {
  return answer.predicted == truth.label;
}

DatasetScore dataset_figures(const DatasetTarget& dataset, const std::vector<Answer>& answers,
                             const ScoreSettings& settings);

// Balanced accuracy: the mean of the recalls of east and west; its interval the mean of their
// Wilson bounds (no "correct").
Figure balanced_accuracy(const Tally& east, const Tally& west, double z);

// The three splits' figures, each where it has samples.
std::map<std::string, Figure> splits_of(const std::array<Tally, 3>& splits, double z);

}  // namespace railyard::score
