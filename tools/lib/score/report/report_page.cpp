// report.html: the page's frame. Its parts are each in their own file: figure tables
// (figure_sections.h), galleries (gallery.h), inlined pictures (data_uri.h), style and scripts
// (page_assets.h).
#include "tools/lib/score/report/report_page.h"

#include <exception>

#include "tools/lib/score/report/data_uri.h"
#include "tools/lib/score/report/figure_sections.h"
#include "tools/lib/score/report/gallery.h"
#include "tools/lib/score/report/html_text.h"
#include "tools/lib/score/report/page_assets.h"
#include "util/atomic_file.h"

namespace railyard::score {

namespace {

std::string target_name(const ScoreReport& score) {
  std::filesystem::path path = score.inputs.target.path;
  if (!path.has_filename()) path = path.parent_path();
  return path.filename().string();
}

std::string section(const std::string& id, const std::string& title, const std::string& body) {
  if (body.empty()) return "";
  return "<section id=\"" + id + "\">\n<h2>" + escape_html(title) + "</h2>\n" + body +
         "</section>\n";
}

std::string plots_body(const ScoreReport& score, const std::filesystem::path& folder) {
  if (score.plots.empty()) return "";
  std::string out = "<div class=\"plots\">\n";
  for (const Plot& plot : score.plots) {
    const std::string &file = plot.file, &title = plot.title;
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
std::string dataset_body(const ScoreReport& score, std::size_t k, bool fold) {
  const std::string& name = score.datasets[k].name;
  std::string tables = dataset_details(score, k);
  std::string body = (tables.empty() ? "" : "<div class=\"tables\">\n" + tables + "</div>\n") +
                     gallery_block("Misclassified samples", misclassified_gallery(score, k));
  if (body.empty()) body = "<p class=\"note\">No breakdowns and no misclassified samples.</p>\n";
  std::string id = "dataset-" + std::to_string(k);
  if (!fold) return section(id, name, body);
  return "<details id=\"" + id + "\"" + (k == 0 ? " open" : "") + "><summary>" + escape_html(name) +
         "</summary>\n" + body + "</details>\n";
}

std::string datasets_body(const ScoreReport& score) {
  bool fold = score.datasets.size() > 2;
  std::string out;
  for (std::size_t k = 0; k < score.datasets.size(); ++k) out += dataset_body(score, k, fold);
  return fold ? section("details", "Per dataset", "<div class=\"details\">\n" + out + "</div>\n")
              : out;
}

std::string headline(const ScoreReport& score) {
  std::string out = "<p>";
  if (score.datasets.size() == 1)
    out += "Accuracy <b>" + percent_text(score.datasets[0].accuracy.value) + "</b> on " +
           std::to_string(score.datasets[0].accuracy.n) + " samples. ";
  if (score.datasets.size() > 1) out += std::to_string(score.datasets.size()) + " datasets. ";
  if (score.pairs)
    out +=
        "Counterfactual consistency <b>" + percent_text(score.pairs->consistency.value) + "</b>. ";
  return out + "Every figure with its " + fixed_text(100.0 * score.confidence, 0) +
         "% interval (Wilson for accuracies); score.json holds them all.</p>\n";
}

std::string nav(const ScoreReport& score) {
  std::string out = "<nav>";
  auto link = [&](const char* id, const char* title, bool present) {
    if (present) out += std::string("<a href=\"#") + id + "\">" + title + "</a>";
  };
  link("overview", "Overview", true);
  link("plots", "Plots", !score.plots.empty());
  link("pairs", "Pairs", score.pairs.has_value());
  link("sequences", "Sequences", score.sequences.has_value());
  link("worlds", "Worlds", score.worlds.has_value());
  link("inputs", "Inputs", true);
  return out + "</nav>\n";
}

std::string page(const ScoreReport& score, const std::filesystem::path& folder) {
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

void write_report_page(const ScoreReport& score, const std::filesystem::path& folder) {
  write_file_atomically(folder / "report.html", page(score, folder));
}

}  // namespace railyard::score
