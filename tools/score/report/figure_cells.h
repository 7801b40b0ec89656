// One score.json Figure as table cells, and a Breakdown as a table. Every figure's cell carries
// its path in score.json and its numbers exactly as the file holds them:
//   <td class="fig" data-figure="datasets.0.accuracy" data-value="0.913" data-low="0.894"
//       data-high="0.929" data-n="1000">
// so a test (or a script) reads the page's figures back and compares them with the file.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace railyard::score {

enum class FigureStyle {
  Percent,  // accuracies and shares: 91.3% (89.4-92.9)
  Plain,    // other figures (ECE): 0.112 (0.050-0.200)
};

// True for a Figure object: numbers "value", "low", "high" and "n".
bool is_figure(const nlohmann::json& value);

// The member `key` of `object`, or nullptr when it is absent or null.
const nlohmann::json* member(const nlohmann::json& object, const std::string& key);

// Three cells: the value with its interval, correct / n (or n), and a bar drawing both.
std::string figure_cells(const nlohmann::json& figure, const std::string& path,
                         FigureStyle style = FigureStyle::Percent);
// The header cells that go over figure_cells: "accuracy (95% CI)", "n", "".
std::string figure_header_cells(const std::string& what, double confidence);

// A row: a heading cell and the figure's cells.
std::string figure_row(const std::string& label, const nlohmann::json& figure,
                       const std::string& path, FigureStyle style = FigureStyle::Percent);

// A table of labelled figures under a caption; `rows` are figure_row()s.
std::string figure_table(const std::string& caption, const std::string& first_column,
                         const std::string& what, double confidence, const std::string& rows);

// Rows for the Figures among `object`'s members whose keys are not in `known`, and for the
// Figures one level down in its other objects ("recall": {"east", "west"}), labelled by their
// keys: score.json may grow figures the page has no place for yet, and none is left out.
std::string other_figure_rows(const nlohmann::json& object, const std::string& path,
                              const std::vector<std::string>& known);

// A Breakdown ({"by", "title", "rows": [{"value", "figure"}]}) as a table.
std::string breakdown_table(const nlohmann::json& breakdown, const std::string& path,
                            const std::string& what, double confidence);

}  // namespace railyard::score
