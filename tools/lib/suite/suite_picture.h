// summary.png: a suite at a glance, one row per variant: its size and east/west balance, the
// histogram of its train lengths, the total variation of each descriptor and of the length to
// the training set (bars, 0 to 1), the hold-out check and the confounder strength. Drawn from
// the summary (suite_summary_record.h, the content of summary.json); text in DejaVu Sans through
// FreeType.
#pragma once

#include "tools/lib/records/suite_summary_record.h"
#include "util/image.h"

namespace railyard {

// Throws std::runtime_error when the font cannot be loaded.
Image<Rgb8> summary_picture(const SuiteSummary& summary);

}  // namespace railyard
