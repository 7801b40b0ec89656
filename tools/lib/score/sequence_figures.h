// LTLZinc's metrics on a sequence set, scored per sequence: sequence accuracy (Wilson), per split,
// by sequence length, and per-step predicate accuracy where the predictions give the predicates
// (score.json's Sequences, tools/lib/score/README.md).
#pragma once

#include "tools/lib/score/dataset_figures.h"

namespace railyard::score {

SequencesScore sequence_figures(const DatasetTarget& set, const Answers& answers,
                                const ScoreSettings& settings);

}  // namespace railyard::score
