#include "tools/lib/score/report/figure_cells.h"

#include <algorithm>

#include "tools/lib/score/report/html_text.h"

namespace railyard::score {

namespace {

std::string shown(double value, FigureStyle style) {
  return style == FigureStyle::Percent ? percent_text(value) : fixed_text(value, 3);
}

std::string interval_text(double low, double high, FigureStyle style) {
  if (style == FigureStyle::Percent)
    return fixed_text(100.0 * low, 1) + "&ndash;" + fixed_text(100.0 * high, 1);
  return fixed_text(low, 3) + "&ndash;" + fixed_text(high, 3);
}

// A track from 0 to 1 with the interval as a band and the value as a tick; ECE and the like
// (not shares) are drawn on the same scale, clipped.
std::string bar_cell(double value, double low, double high) {
  auto at = [](double x) { return fixed_text(100.0 * std::clamp(x, 0.0, 1.0), 2); };
  return "<td class=\"bar\"><div class=\"track\"><div class=\"band\" style=\"left:" + at(low) +
         "%;width:" + fixed_text(100.0 * std::clamp(high - low, 0.0, 1.0), 2) +
         "%\"></div><div class=\"tick\" style=\"left:" + at(value) + "%\"></div></div></td>";
}

// The header cells that go over figure_cells: "accuracy (95% CI)", "n", "".
std::string figure_header_cells(const std::string& what, double confidence) {
  return "<th>" + escape_html(what) + " <span class=\"ci\">(" + fixed_text(100.0 * confidence, 0) +
         "% CI)</span></th><th class=\"n\">n</th><th class=\"bar\">0 &ndash; 1</th>";
}

}  // namespace

std::string figure_cells(const Figure& figure, const std::string& path, FigureStyle style) {
  std::string n = std::to_string(figure.n), correct;
  if (figure.correct) correct = std::to_string(*figure.correct);
  std::string out = "<td class=\"fig\" data-figure=\"" + escape_html(path) + "\" data-value=\"" +
                    number_text(figure.value) + "\" data-low=\"" + number_text(figure.low) +
                    "\" data-high=\"" + number_text(figure.high) + "\" data-n=\"" + n + "\"" +
                    (figure.correct ? " data-correct=\"" + correct + "\"" : "");
  out += "><span class=\"v\">" + shown(figure.value, style) + "</span> <span class=\"ci\">" +
         interval_text(figure.low, figure.high, style) + "</span></td>";
  out += "<td class=\"n\">" + (figure.correct ? correct + " / " + n : "n = " + n) + "</td>";
  return out + bar_cell(figure.value, figure.low, figure.high);
}

std::string figure_row(const std::string& label, const Figure& figure, const std::string& path,
                       FigureStyle style) {
  return "<tr><th scope=\"row\">" + escape_html(label) + "</th>" +
         figure_cells(figure, path, style) + "</tr>\n";
}

std::string figure_table(const std::string& caption, const std::string& first_column,
                         const std::string& what, double confidence, const std::string& rows) {
  return "<table class=\"figures\">\n<caption>" + escape_html(caption) +
         "</caption>\n<thead><tr><th>" + escape_html(first_column) + "</th>" +
         figure_header_cells(what, confidence) + "</tr></thead>\n<tbody>\n" + rows +
         "</tbody></table>\n";
}

std::string breakdown_table(const Breakdown& breakdown, const std::string& path,
                            const std::string& what, double confidence) {
  std::string rows;
  for (std::size_t k = 0; k < breakdown.rows.size(); ++k)
    rows += figure_row(breakdown.rows[k].value, breakdown.rows[k].figure,
                       path + ".rows." + std::to_string(k) + ".figure");
  // "cars_with:roof=flat" tables count cars: their title says which.
  std::string column = breakdown.by;
  std::replace(column.begin(), column.end(), '_', ' ');
  if (breakdown.by.starts_with("cars_with:")) column = "cars";
  return figure_table(breakdown.title, column, what, confidence, rows);
}

}  // namespace railyard::score
