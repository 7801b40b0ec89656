// The plots of a score folder, from score.json's figures: accuracy by train length with interval
// bars (pooled over a suite's variants), accuracy per variant, the reliability diagram (pooled
// bins), counterfactual consistency by operation, sequence accuracy by length, accuracy by world.
#pragma once

#include <filesystem>
#include <vector>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

// Writes plots/<name>.png under `folder` and returns score.json's "plots" list.
std::vector<Plot> write_plots(const ScoreReport& score, const std::filesystem::path& folder);

}  // namespace railyard::score
