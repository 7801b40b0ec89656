// Counterfactual consistency on an intervention-pairs folder: a pair is consistent when the
// model's prediction flips exactly when the rule's label flips. Over the pairs whose both sides
// are answered: consistency (Wilson), by operation kind, accuracy on each side, and a capped list
// of inconsistent pairs (score.json's Pairs, tools/lib/score/README.md).
#pragma once

#include "tools/lib/score/dataset_figures.h"

namespace railyard::score {

PairsScore pairs_figures(const Target& target, const Answers& answers,
                         const ScoreSettings& settings);

}  // namespace railyard::score
