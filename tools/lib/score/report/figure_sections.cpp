#include "tools/lib/score/report/figure_sections.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include "tools/lib/records/formats/split_names.h"
#include "tools/lib/score/report/figure_cells.h"
#include "tools/lib/score/report/html_text.h"

namespace railyard::score {

namespace {

// Value, interval and n in one cell, for the overview's many columns.
std::string compact_cell(const Figure* figure, const std::string& path) {
  if (!figure) return "<td class=\"none\">&ndash;</td>";
  std::string cells = figure_cells(*figure, path);
  return cells.substr(0, cells.find("</td>") + 5);  // the value cell alone
}

// Rows of labelled figures, each at `path`.<key>.
std::string labelled_figures(
    const std::string& path,
    const std::vector<std::tuple<std::string, std::string, const Figure*>>& figures) {
  std::string rows;
  for (const auto& [key, label, figure] : figures)
    rows += figure_row(label, *figure, path + "." + key);
  return rows;
}

}  // namespace

std::string inputs_section(const ScoreReport& score) {
  const TargetInput& target = score.inputs.target;
  std::string out = "<dl class=\"inputs\">\n<dt>target (" + escape_html(target.kind) +
                    ")</dt><dd><code>" + escape_html(target.path) +
                    "</code> <span class=\"hash\">sha256 " + escape_html(target.sha256) +
                    "</span></dd>\n";
  for (const PredictionsFile& file : score.inputs.predictions)
    out += "<dt>predictions</dt><dd><code>" + escape_html(file.path) +
           "</code> <span class=\"hash\">sha256 " + escape_html(file.sha256) + "</span></dd>\n";
  const Coverage& coverage = score.coverage;
  std::string scored = std::to_string(coverage.scored);
  out += std::string("<dt>coverage</dt><dd") + (coverage.partial ? " class=\"warn\"" : "") +
         " data-coverage-scored=\"" + scored + "\">" + scored + " of " +
         std::to_string(coverage.expected) + " samples scored" +
         (coverage.partial ? ", " + std::to_string(coverage.missing) +
                                 " missing (--partial: figures cover the scored samples only)"
                           : "") +
         "</dd>\n";
  return out + "</dl>\n";
}

std::string datasets_overview(const ScoreReport& score) {
  if (score.datasets.empty()) return "";
  std::vector<std::string> splits;  // those some dataset has
  for (const char* split : kSplitNames)
    if (std::any_of(score.datasets.begin(), score.datasets.end(),
                    [&](const DatasetScore& d) { return d.splits.count(split); }))
      splits.push_back(split);
  std::string ci =
      "<span class=\"ci\">(" + fixed_text(100.0 * score.confidence, 0) + "% CI)</span>";
  std::string out =
      "<table class=\"figures overview\">\n<thead><tr><th>dataset</th><th>n</th>"
      "<th>accuracy " +
      ci + "</th><th>balanced accuracy " + ci + "</th>";
  for (const std::string& split : splits) out += "<th>" + escape_html(split) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (std::size_t k = 0; k < score.datasets.size(); ++k) {
    const DatasetScore& dataset = score.datasets[k];
    std::string path = "datasets." + std::to_string(k);
    out += "<tr><th scope=\"row\"><a href=\"#dataset-" + std::to_string(k) + "\">" +
           escape_html(dataset.name) + "</a></th><td class=\"n\">" +
           std::to_string(dataset.accuracy.n) + "</td>" +
           compact_cell(&dataset.accuracy, path + ".accuracy") +
           compact_cell(&dataset.balanced_accuracy, path + ".balanced_accuracy");
    for (const std::string& split : splits) {
      auto figure = dataset.splits.find(split);
      out += compact_cell(figure == dataset.splits.end() ? nullptr : &figure->second,
                          path + ".splits." + split);
    }
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
  if (score.variants)  // a suite's variants as bars
    out += breakdown_table(*score.variants, "variants", "accuracy", score.confidence);
  return out;
}

namespace {

std::string calibration_block(const Calibration& calibration, const std::string& path,
                              double confidence) {
  std::string out = figure_table(
      "Calibration", "figure", "value", confidence,
      figure_row("expected calibration error", calibration.ece, path + ".ece", FigureStyle::Plain));
  if (calibration.bins.empty()) return out;
  out +=
      "<table class=\"bins\">\n<caption>Reliability: observed share of east against mean P(east) "
      "per "
      "bin</caption>\n<thead><tr><th>P(east)</th><th class=\"n\">n</th><th>mean "
      "P(east)</th><th>share east</th><th>gap</th></tr></thead>\n<tbody>\n";
  for (const CalibrationBin& bin : calibration.bins)
    out += "<tr><td>" + fixed_text(bin.low, 1) + "&ndash;" + fixed_text(bin.high, 1) +
           "</td><td class=\"n\">" + std::to_string(bin.n) + "</td>" +
           (bin.n == 0 ? "<td class=\"none\">&ndash;</td><td class=\"none\">&ndash;</td><td "
                         "class=\"none\">&ndash;</td>"
                       : "<td>" + fixed_text(bin.confidence, 3) + "</td><td>" +
                             fixed_text(bin.accuracy, 3) + "</td><td>" +
                             fixed_text(bin.accuracy - bin.confidence, 3) + "</td>") +
           "</tr>\n";
  return out + "</tbody></table>\n";
}

// The breakdowns, those by cars carrying each attribute value (one table per value, many)
// folded into one closed block so that the length, scene and distribution tables stay in view.
std::string breakdown_tables(const std::vector<Breakdown>& breakdowns, const std::string& path,
                             double confidence) {
  std::string shown, folded;
  std::size_t folded_count = 0;
  for (std::size_t b = 0; b < breakdowns.size(); ++b) {
    bool per_value = breakdowns[b].by.starts_with("cars_with:");
    (per_value ? folded : shown) +=
        breakdown_table(breakdowns[b], path + "." + std::to_string(b), "accuracy", confidence);
    folded_count += per_value ? 1 : 0;
  }
  if (folded_count == 0) return shown;
  return shown +
         "<details class=\"more\"><summary>Accuracy by the number of cars with each "
         "attribute value (" +
         std::to_string(folded_count) + " tables)</summary>\n<div class=\"tables\">\n" + folded +
         "</div></details>\n";
}

}  // namespace

std::string dataset_details(const ScoreReport& score, std::size_t k) {
  const DatasetScore& dataset = score.datasets[k];
  const double confidence = score.confidence;
  const std::string path = "datasets." + std::to_string(k);
  std::string out = breakdown_tables(dataset.breakdowns, path + ".breakdowns", confidence);
  if (dataset.calibration)
    out += calibration_block(*dataset.calibration, path + ".calibration", confidence);
  out += figure_table("Accuracy per true class", "true label", "recall", confidence,
                      labelled_figures(path + ".recall", {{"east", "east", &dataset.recall.east},
                                                          {"west", "west", &dataset.recall.west}}));
  if (const auto& confounder = dataset.confounder) {
    std::string caption =
        confounder->attribute.empty()
            ? "Confounder"
            : "Confounder: " + confounder->attribute + " (goes with " + confounder->goes_with + ")";
    out += figure_table(
        caption, "the confounder", "accuracy", confidence,
        labelled_figures(path + ".confounder",
                         {{"agrees", "agrees with the label", &confounder->agrees},
                          {"disagrees", "disagrees with the label", &confounder->disagrees}}));
  }
  if (const auto& heldout = dataset.heldout) {
    std::string combinations;  // ": red roof; ..."
    for (const std::string& c : heldout->combinations)
      combinations += (combinations.empty() ? ": " : "; ") + c;
    out += figure_table("Held-out combinations" + combinations, "trains", "accuracy", confidence,
                        labelled_figures(path + ".heldout",
                                         {{"with", "with a held-out combination", &heldout->with},
                                          {"without", "without", &heldout->without}}));
  }
  return out;
}

std::string pairs_figures(const ScoreReport& score) {
  if (!score.pairs) return "";
  const PairsScore& pairs = *score.pairs;
  return figure_table(
             "Counterfactual consistency and accuracy per side", "figure", "value",
             score.confidence,
             labelled_figures(
                 "pairs",
                 {{"consistency", "consistency (prediction flips exactly when the label does)",
                   &pairs.consistency},
                  {"consistency_flipped", "consistency on pairs whose label flips",
                   &pairs.consistency_flipped},
                  {"consistency_kept", "consistency on pairs whose label is kept",
                   &pairs.consistency_kept},
                  {"base", "accuracy on base samples", &pairs.base},
                  {"intervened", "accuracy on intervened samples", &pairs.intervened}})) +
         breakdown_table(pairs.by_operation, "pairs.by_operation", "consistency", score.confidence);
}

std::string sequences_figures(const ScoreReport& score) {
  if (!score.sequences) return "";
  const SequencesScore& sequences = *score.sequences;
  std::string rows = labelled_figures(
      "sequences", {{"sequence_accuracy", "sequence accuracy", &sequences.sequence_accuracy},
                    {"balanced_accuracy", "balanced accuracy", &sequences.balanced_accuracy}});
  for (const auto& [name, figure] : sequences.splits)
    rows += figure_row(name + " split", figure, "sequences.splits." + name);
  std::string out =
      figure_table("Sequence accuracy", "sequences", "accuracy", score.confidence, rows) +
      breakdown_table(sequences.by_length, "sequences.by_length", "accuracy", score.confidence);
  if (sequences.predicates)
    out += breakdown_table(*sequences.predicates, "sequences.predicates", "accuracy",
                           score.confidence);
  return out;
}

std::string worlds_figures(const ScoreReport& score) {
  if (!score.worlds) return "";
  const Correlation& correlation = score.worlds->similarity_correlation;
  return breakdown_table(score.worlds->by_world, "worlds.by_world", "accuracy", score.confidence) +
         "<p class=\"correlation\" data-figure=\"worlds.similarity_correlation.pearson\" "
         "data-value=\"" +
         number_text(correlation.pearson) +
         "\">Correlation of "
         "shared concepts with similar accuracy between worlds: Pearson r = <b>" +
         fixed_text(correlation.pearson, 3) + "</b> over " + std::to_string(correlation.n) +
         " pairs of worlds.</p>\n";
}

}  // namespace railyard::score
