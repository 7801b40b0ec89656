// report.html: the page's frame. Its parts are each in their own file: figure tables
// (figure_sections.h), galleries (gallery.h), inlined pictures (data_uri.h), style and scripts
// (page_assets.h).
#include "tools/score/report/report_page.h"

#include <exception>

#include "tools/score/report/data_uri.h"
#include "tools/score/report/figure_cells.h"
#include "tools/score/report/figure_sections.h"
#include "tools/score/report/gallery.h"
#include "tools/score/report/html_text.h"
#include "tools/score/report/page_assets.h"
#include "util/atomic_file.h"

namespace railyard::score {

using nlohmann::json;

namespace {

std::string target_name(const json& score) {
  try {
    std::filesystem::path path = score.at("inputs").at("target").at("path").get<std::string>();
    if (!path.has_filename()) path = path.parent_path();
    return path.filename().string();
  } catch (const json::exception&) {
    return "predictions";
  }
}

std::string section(const std::string& id, const std::string& title, const std::string& body) {
  if (body.empty()) return "";
  return "<section id=\"" + id + "\">\n<h2>" + escape_html(title) + "</h2>\n" + body +
         "</section>\n";
}

std::string plots_body(const json& score, const std::filesystem::path& folder) {
  const json* plots = member(score, "plots");
  if (!plots || !plots->is_array() || plots->empty()) return "";
  std::string out = "<div class=\"plots\">\n";
  for (const json& plot : *plots) {
    std::string file = plot.value("file", std::string()), title = plot.value("title", file);
    std::string picture;
    try {
      picture = "<img src=\"" + png_file_data_uri(folder / file) + "\" alt=\"" +
                escape_html(title) + "\">";
    } catch (const std::exception& error) {
      picture = "<div class=\"missing\">" + escape_html(error.what()) + "</div>";
    }
    // The plot draws its own title; the page adds none.
    out += "<figure data-plot=\"" + escape_html(file) + "\" title=\"" + escape_html(title) + "\">" +
           picture + "</figure>\n";
  }
  return out + "</div>\n";
}

std::string gallery_block(const std::string& title, const std::string& gallery) {
  if (gallery.empty()) return "";
  return "<h3>" + title +
         "</h3>\n<div class=\"toolbar\"><button type=\"button\" "
         "data-toggle=\"masks\">Show part masks</button>hover a picture for its masks" +
         mask_legend() + "</div>\n" + gallery;
}

// One dataset's tables and gallery; with many datasets (a suite) each folds away.
std::string dataset_body(const json& score, std::size_t k, bool fold) {
  const json& dataset = score["datasets"][k];
  std::string name = dataset.value("name", "dataset " + std::to_string(k));
  std::string tables = dataset_details(score, k);
  std::string body = (tables.empty() ? "" : "<div class=\"tables\">\n" + tables + "</div>\n") +
                     gallery_block("Misclassified samples", misclassified_gallery(score, k));
  if (body.empty()) body = "<p class=\"note\">No breakdowns and no misclassified samples.</p>\n";
  std::string id = "dataset-" + std::to_string(k);
  if (!fold) return section(id, name, body);
  return "<details id=\"" + id + "\"" + (k == 0 ? " open" : "") + "><summary>" + escape_html(name) +
         "</summary>\n" + body + "</details>\n";
}

std::string datasets_body(const json& score) {
  const json* datasets = member(score, "datasets");
  if (!datasets || !datasets->is_array()) return "";
  bool fold = datasets->size() > 2;
  std::string out;
  for (std::size_t k = 0; k < datasets->size(); ++k) out += dataset_body(score, k, fold);
  return fold ? section("details", "Per dataset", "<div class=\"details\">\n" + out + "</div>\n")
              : out;
}

std::string headline(const json& score) {
  const json* datasets = member(score, "datasets");
  std::string out = "<p>";
  if (datasets && datasets->size() == 1)
    if (const json* accuracy = member((*datasets)[0], "accuracy"))
      out += "Accuracy <b>" + percent_text(accuracy->value("value", 0.0)) + "</b> on " +
             escape_html(accuracy->value("n", json()).dump()) + " samples. ";
  if (datasets && datasets->size() > 1) out += std::to_string(datasets->size()) + " datasets. ";
  if (const json* pairs = member(score, "pairs"))
    if (const json* consistency = member(*pairs, "consistency"))
      out += "Counterfactual consistency <b>" + percent_text(consistency->value("value", 0.0)) +
             "</b>. ";
  return out + "Every figure with its " + fixed_text(100.0 * score.value("confidence", 0.95), 0) +
         "% interval (Wilson for accuracies); score.json holds them all.</p>\n";
}

std::string nav(const json& score) {
  std::string out = "<nav>";
  auto link = [&](const char* id, const char* title, bool present) {
    if (present) out += std::string("<a href=\"#") + id + "\">" + title + "</a>";
  };
  const json* plots = member(score, "plots");
  link("overview", "Overview", member(score, "datasets") != nullptr);
  link("plots", "Plots", plots && !plots->empty());
  link("pairs", "Pairs", member(score, "pairs") != nullptr);
  link("sequences", "Sequences", member(score, "sequences") != nullptr);
  link("worlds", "Worlds", member(score, "worlds") != nullptr);
  link("inputs", "Inputs", true);
  return out + "</nav>\n";
}

std::string page(const json& score, const std::filesystem::path& folder) {
  std::string title = "railyard score: " + target_name(score);
  std::string pairs = pairs_figures(score);
  std::string pair_gallery = pairs_gallery(score);
  if (!pair_gallery.empty())
    pairs +=
        "<h3>Inconsistent pairs</h3>\n<p class=\"note\">Base and intervened pictures side "
        "by side; the difference marks the pixels the intervention changed.</p>\n" +
        pair_gallery;
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         escape_html(title) + "</title>\n<style>" + std::string(page_style()) +
         "</style>\n<script>" + std::string(error_script()) + "</script>\n</head>\n<body>\n" +
         "<header>\n<h1>" + escape_html(title) + "</h1>\n" + headline(score) + nav(score) +
         "</header>\n<main>\n<pre id=\"js-errors\" data-errors=\"0\"></pre>\n" +
         section("overview", "Accuracy", datasets_overview(score)) +
         section("plots", "Plots", plots_body(score, folder)) + datasets_body(score) +
         section("pairs", "Intervention pairs", pairs) +
         section("sequences", "Sequences", sequences_figures(score)) +
         section("worlds", "Worlds", worlds_figures(score)) +
         section("inputs", "Inputs", inputs_section(score)) + "</main>\n<script>" +
         std::string(page_script()) + "</script>\n</body>\n</html>\n";
}

}  // namespace

void write_report_page(const json& score, const std::filesystem::path& folder) {
  write_file_atomically(folder / "report.html", page(score, folder));
}

}  // namespace railyard::score
