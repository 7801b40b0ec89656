// summary.png: a suite at a glance, one row per variant: its size and east/west balance, the
// histogram of its train lengths, the total variation of each descriptor and of the length to
// the training set (bars, 0 to 1), the hold-out check and the confounder strength. Drawn from
// summary.json (suite_summary.h); text in DejaVu Sans through FreeType.
#pragma once

#include <nlohmann/json.hpp>

#include "util/image.h"

namespace railyard {

// Throws std::runtime_error when the font cannot be loaded.
Image<Rgb8> summary_picture(const nlohmann::ordered_json& summary);

}  // namespace railyard
