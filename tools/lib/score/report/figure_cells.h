// One score.json Figure as table cells, and a Breakdown as a table. Every figure's cell carries
// its path in score.json and its numbers exactly as the file holds them:
//   <td class="fig" data-figure="datasets.0.accuracy" data-value="0.913" data-low="0.894"
//       data-high="0.929" data-n="1000">
// so a test (or a script) reads the page's figures back and compares them with the file.
#pragma once

#include <string>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

enum class FigureStyle {
  Percent,  // accuracies and shares: 91.3% (89.4-92.9)
  Plain,    // other figures (ECE): 0.112 (0.050-0.200)
};

// Three cells: the value with its interval, correct / n (or n), and a bar drawing both.
std::string figure_cells(const Figure& figure, const std::string& path,
                         FigureStyle style = FigureStyle::Percent);

// A row: a heading cell and the figure's cells.
std::string figure_row(const std::string& label, const Figure& figure, const std::string& path,
                       FigureStyle style = FigureStyle::Percent);

// A table of labelled figures under a caption; `rows` are figure_row()s.
std::string figure_table(const std::string& caption, const std::string& first_column,
                         const std::string& what, double confidence, const std::string& rows);

// A Breakdown as a table.
std::string breakdown_table(const Breakdown& breakdown, const std::string& path,
                            const std::string& what, double confidence);

}  // namespace railyard::score
