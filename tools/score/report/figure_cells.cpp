#include "tools/score/report/figure_cells.h"

#include <algorithm>

#include "tools/score/report/html_text.h"

namespace railyard::score {

using nlohmann::json;

const json* member(const json& object, const std::string& key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

bool is_figure(const json& value) {
  if (!value.is_object()) return false;
  for (const char* key : {"value", "low", "high", "n"}) {
    auto it = value.find(key);
    if (it == value.end() || !it->is_number()) return false;
  }
  return true;
}

namespace {

std::string key_label(std::string key) {
  std::replace(key.begin(), key.end(), '_', ' ');
  return key;
}

double number(const json& figure, const std::string& key) {
  const json* value = member(figure, key);
  return value && value->is_number() ? value->get<double>() : 0.0;
}

std::string shown(double value, FigureStyle style) {
  return style == FigureStyle::Percent ? percent_text(value) : fixed_text(value, 3);
}

std::string interval_text(double low, double high, FigureStyle style) {
  if (style == FigureStyle::Percent)
    return fixed_text(100.0 * low, 1) + "&ndash;" + fixed_text(100.0 * high, 1);
  return fixed_text(low, 3) + "&ndash;" + fixed_text(high, 3);
}

std::string data_attribute(const json& figure, const std::string& key) {
  const json* value = member(figure, key);
  return value ? " data-" + key + "=\"" + json_number_text(*value) + "\"" : std::string();
}

// A track from 0 to 1 with the interval as a band and the value as a tick; ECE and the like
// (not shares) are drawn on the same scale, clipped.
std::string bar_cell(double value, double low, double high) {
  auto at = [](double x) { return fixed_text(100.0 * std::clamp(x, 0.0, 1.0), 2); };
  return "<td class=\"bar\"><div class=\"track\"><div class=\"band\" style=\"left:" + at(low) +
         "%;width:" + fixed_text(100.0 * std::clamp(high - low, 0.0, 1.0), 2) +
         "%\"></div><div class=\"tick\" style=\"left:" + at(value) + "%\"></div></div></td>";
}

std::string count_text(const json& figure) {
  const json* correct = member(figure, "correct");
  const json* n = member(figure, "n");
  std::string total = n ? json_number_text(*n) : "?";
  return correct ? json_number_text(*correct) + " / " + total : "n = " + total;
}

}  // namespace

std::string figure_cells(const json& figure, const std::string& path, FigureStyle style) {
  double value = number(figure, "value"), low = number(figure, "low"),
         high = number(figure, "high");
  std::string out = "<td class=\"fig\" data-figure=\"" + escape_html(path) + "\"";
  for (const char* key : {"value", "low", "high", "n", "correct"})
    out += data_attribute(figure, key);
  out += "><span class=\"v\">" + shown(value, style) + "</span> <span class=\"ci\">" +
         interval_text(low, high, style) + "</span></td>";
  out += "<td class=\"n\">" + count_text(figure) + "</td>";
  return out + bar_cell(value, low, high);
}

std::string figure_header_cells(const std::string& what, double confidence) {
  return "<th>" + escape_html(what) + " <span class=\"ci\">(" + fixed_text(100.0 * confidence, 0) +
         "% CI)</span></th><th class=\"n\">n</th><th class=\"bar\">0 &ndash; 1</th>";
}

std::string figure_row(const std::string& label, const json& figure, const std::string& path,
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

std::string other_figure_rows(const json& object, const std::string& path,
                              const std::vector<std::string>& known) {
  std::string rows;
  if (!object.is_object()) return rows;
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    if (is_figure(value)) {
      rows += figure_row(key_label(key), value, path + "." + key);
    } else if (value.is_object()) {
      for (const auto& [sub, inner] : value.items())
        if (is_figure(inner))
          rows += figure_row(key_label(key) + ": " + key_label(sub), inner,
                             path + "." + key + "." + sub);
    }
  }
  return rows;
}

std::string breakdown_table(const json& breakdown, const std::string& path, const std::string& what,
                            double confidence) {
  std::string by = breakdown.value("by", std::string());
  std::string rows;
  const json* list = member(breakdown, "rows");
  for (std::size_t k = 0; list && list->is_array() && k < list->size(); ++k) {
    const json& row = (*list)[k];
    const json* value = member(row, "value");
    std::string label = !value               ? ""
                        : value->is_string() ? value->get<std::string>()
                                             : value->dump();
    if (const json* figure = member(row, "figure"))
      rows += figure_row(label, *figure, path + ".rows." + std::to_string(k) + ".figure");
  }
  // "cars_with:roof=flat" tables count cars: their title says which.
  std::string column = by.rfind("cars_with:", 0) == 0 ? "cars" : key_label(by);
  return figure_table(breakdown.value("title", by), column, what, confidence, rows);
}

}  // namespace railyard::score
