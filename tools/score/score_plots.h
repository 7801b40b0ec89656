// The plots of a score folder, from score.json's figures: accuracy by train length with interval
// bars (pooled over a suite's variants), accuracy per variant, the reliability diagram (pooled
// bins), counterfactual consistency by operation, sequence accuracy by length, accuracy by world.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

namespace railyard::score {

// Writes plots/<name>.png under `folder` and returns score.json's "plots" list
// ([{"file", "title"}]).
nlohmann::ordered_json write_plots(const nlohmann::json& score,
                                   const std::filesystem::path& folder);

}  // namespace railyard::score
