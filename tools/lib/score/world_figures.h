// A suite of rule worlds (`railyard worlds`): accuracy per world in suite order, and how the
// model's accuracies follow the worlds' similarity: the Pearson correlation, over every pair of
// worlds, between the concepts the two share (worlds.json's "similarity") and how alike the
// model's accuracies on them are (1 - |a_i - a_j|) (score.json's Worlds,
// tools/lib/score/README.md).
#pragma once

#include <filesystem>
#include <vector>

#include "tools/lib/records/formats/score_report.h"
#include "tools/lib/score/target.h"

namespace railyard::score {

// `datasets`: the figures of the suite's variants (their names are world ids), in the order of
// target.datasets. Throws ScoreError naming worlds.json when it does not read, or when
// it is not the family the suite was made from: a variant that is not one of its worlds, or
// whose rule is not the world's (rules/<id>.pl beside worlds.json against the SHA-256 the
// variant's manifest keeps).
WorldsScore world_figures(const std::filesystem::path& worlds_json, const Target& target,
                          const std::vector<DatasetScore>& datasets);

double pearson(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace railyard::score
