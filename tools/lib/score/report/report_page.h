#pragma once

#include <filesystem>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

/// Writes `folder`/report.html: one self-contained page (no server, no network: plots and
/// thumbnails inlined as data: URIs) showing every figure of `score` (the object written as
/// `folder`/score.json, its plots under `folder`/plots/) and a gallery of the misclassified
/// samples and pairs, read from the target folder that score.inputs.target names.
void write_report_page(const ScoreReport& score, const std::filesystem::path& folder);

}  // namespace railyard::score
