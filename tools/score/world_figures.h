// A suite of rule worlds (`railyard worlds`): accuracy per world in suite order, and how the
// model's accuracies follow the worlds' similarity: the Pearson correlation, over every pair of
// worlds, between the concepts the two share (worlds.json's "similarity") and how alike the
// model's accuracies on them are (1 - |a_i - a_j|) (score.json's Worlds, tools/score/README.md).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tools/score/target.h"

namespace railyard::score {

// `datasets`: the Dataset objects of the suite's variants (their names are world ids).
// Throws ScoreError naming worlds.json when it does not read or names none of the variants.
nlohmann::ordered_json world_figures(const std::filesystem::path& worlds_json,
                                     const nlohmann::ordered_json& datasets);

double pearson(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace railyard::score
