// The score folder's plots, drawn in C++ on util's Image with the contact sheets' text painter
// (no plotting library): shares with their interval bars, and a reliability diagram.
#pragma once

#include <string>
#include <vector>

#include "tools/lib/score/calibration.h"
#include "tools/lib/score/figure.h"
#include "util/image.h"

namespace railyard::score {

struct ChartRow {
  std::string label;
  Figure figure;
};

// Vertical: one column per row (short labels: train lengths), a dot on the value and a bar for
// its interval, on a 0..1 axis.
Image<Rgb8> column_chart(const std::string& title, const std::string& x_label,
                         const std::vector<ChartRow>& rows);
// Horizontal: one bar per row (long labels: variants, operations, worlds), the interval as a
// whisker over the bar's end.
Image<Rgb8> bar_chart(const std::string& title, const std::vector<ChartRow>& rows);
// Mean p(east) against the share of east per bin, with the diagonal; bin counts as grey bars.
Image<Rgb8> reliability_diagram(const std::string& title, const std::vector<CalibrationBin>& bins);

}  // namespace railyard::score
