#include "tools/score/report/figure_sections.h"

#include <vector>

#include "tools/score/report/figure_cells.h"
#include "tools/score/report/html_text.h"

namespace railyard::score {

using nlohmann::json;

namespace {

double confidence_of(const json& score) {
  return score.value("confidence", 0.95);
}

std::string text_of(const json& object, const std::string& key) {
  const json* value = member(object, key);
  return !value ? "" : value->is_string() ? value->get<std::string>() : value->dump();
}

// train, val, test first, then any other split in the order the datasets give them.
std::vector<std::string> split_names(const json& datasets) {
  std::vector<std::string> names = {"train", "val", "test"}, present;
  for (const json& dataset : datasets)
    if (const json* splits = member(dataset, "splits"))
      for (const auto& [name, figure] : splits->items())
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  for (const std::string& name : names)
    for (const json& dataset : datasets)
      if (const json* splits = member(dataset, "splits"); splits && member(*splits, name)) {
        present.push_back(name);
        break;
      }
  return present;
}

// Value, interval and n in one cell, for the overview's many columns.
std::string compact_cell(const json* figure, const std::string& path) {
  if (!figure) return "<td class=\"none\">&ndash;</td>";
  std::string cells = figure_cells(*figure, path);
  return cells.substr(0, cells.find("</td>") + 5);  // the value cell alone
}

std::string labelled_figures(const json& object, const std::string& path,
                             const std::vector<std::pair<std::string, std::string>>& keys) {
  std::string rows;
  for (const auto& [key, label] : keys)
    if (const json* figure = member(object, key))
      rows += figure_row(label, *figure, path + "." + key);
  return rows;
}

}  // namespace

std::string inputs_section(const json& score) {
  std::string out = "<dl class=\"inputs\">\n";
  if (const json* inputs = member(score, "inputs")) {
    if (const json* target = member(*inputs, "target"))
      out += "<dt>target (" + escape_html(text_of(*target, "kind")) + ")</dt><dd><code>" +
             escape_html(text_of(*target, "path")) + "</code> <span class=\"hash\">sha256 " +
             escape_html(text_of(*target, "sha256")) + "</span></dd>\n";
    if (const json* predictions = member(*inputs, "predictions");
        predictions && predictions->is_array())
      for (const json& file : *predictions)
        out += "<dt>predictions</dt><dd><code>" + escape_html(text_of(file, "path")) +
               "</code> <span class=\"hash\">sha256 " + escape_html(text_of(file, "sha256")) +
               "</span></dd>\n";
  }
  if (const json* coverage = member(score, "coverage")) {
    bool partial = coverage->value("partial", false);
    out += std::string("<dt>coverage</dt><dd") + (partial ? " class=\"warn\"" : "") +
           " data-coverage-scored=\"" + text_of(*coverage, "scored") + "\">" +
           escape_html(text_of(*coverage, "scored")) + " of " +
           escape_html(text_of(*coverage, "expected")) + " samples scored" +
           (partial ? ", " + escape_html(text_of(*coverage, "missing")) +
                          " missing (--partial: figures cover the scored samples only)"
                    : "") +
           "</dd>\n";
  }
  return out + "</dl>\n";
}

std::string datasets_overview(const json& score) {
  const json* datasets = member(score, "datasets");
  if (!datasets || !datasets->is_array() || datasets->empty()) return "";
  std::vector<std::string> splits = split_names(*datasets);
  std::string ci =
      "<span class=\"ci\">(" + fixed_text(100.0 * confidence_of(score), 0) + "% CI)</span>";
  std::string out =
      "<table class=\"figures overview\">\n<thead><tr><th>dataset</th><th>n</th>"
      "<th>accuracy " +
      ci + "</th><th>balanced accuracy " + ci + "</th>";
  for (const std::string& split : splits) out += "<th>" + escape_html(split) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (std::size_t k = 0; k < datasets->size(); ++k) {
    const json& dataset = (*datasets)[k];
    std::string path = "datasets." + std::to_string(k);
    const json* accuracy = member(dataset, "accuracy");
    out += "<tr><th scope=\"row\"><a href=\"#dataset-" + std::to_string(k) + "\">" +
           escape_html(text_of(dataset, "name")) + "</a></th><td class=\"n\">" +
           (accuracy ? escape_html(text_of(*accuracy, "n")) : "") + "</td>" +
           compact_cell(accuracy, path + ".accuracy") +
           compact_cell(member(dataset, "balanced_accuracy"), path + ".balanced_accuracy");
    const json* split_figures = member(dataset, "splits");
    for (const std::string& split : splits)
      out += compact_cell(split_figures ? member(*split_figures, split) : nullptr,
                          path + ".splits." + split);
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
  if (const json* variants = member(score, "variants"))  // a suite's variants as bars
    out += breakdown_table(*variants, "variants", "accuracy", confidence_of(score));
  return out;
}

namespace {

std::string calibration_block(const json& calibration, const std::string& path, double confidence) {
  std::string out;
  if (const json* ece = member(calibration, "ece"))
    out += figure_table(
        "Calibration", "figure", "value", confidence,
        figure_row("expected calibration error", *ece, path + ".ece", FigureStyle::Plain));
  const json* bins = member(calibration, "bins");
  if (!bins || !bins->is_array() || bins->empty()) return out;
  out +=
      "<table class=\"bins\">\n<caption>Reliability: observed share of east against mean P(east) "
      "per "
      "bin</caption>\n<thead><tr><th>P(east)</th><th class=\"n\">n</th><th>mean "
      "P(east)</th><th>share east</th><th>gap</th></tr></thead>\n<tbody>\n";
  for (const json& bin : *bins) {
    double mean = bin.value("confidence", 0.0), accuracy = bin.value("accuracy", 0.0);
    bool empty = bin.value("n", 0) == 0;
    out += "<tr><td>" + fixed_text(bin.value("low", 0.0), 1) + "&ndash;" +
           fixed_text(bin.value("high", 0.0), 1) + "</td><td class=\"n\">" + text_of(bin, "n") +
           "</td>" +
           (empty ? "<td class=\"none\">&ndash;</td><td class=\"none\">&ndash;</td><td "
                    "class=\"none\">&ndash;</td>"
                  : "<td>" + fixed_text(mean, 3) + "</td><td>" + fixed_text(accuracy, 3) +
                        "</td><td>" + fixed_text(accuracy - mean, 3) + "</td>") +
           "</tr>\n";
  }
  return out + "</tbody></table>\n";
}

// ": red roof; ..." from the held-out block's "combinations" (texts or objects).
std::string combinations_text(const json& heldout) {
  const json* combinations = member(heldout, "combinations");
  if (!combinations || !combinations->is_array() || combinations->empty()) return "";
  std::string out;
  for (const json& c : *combinations)
    out += (out.empty() ? ": " : "; ") + (c.is_string() ? c.get<std::string>() : c.dump());
  return out;
}

// The breakdowns, those by cars carrying each attribute value (one table per value, many)
// folded into one closed block so that the length, scene and distribution tables stay in view.
std::string breakdown_tables(const json& breakdowns, const std::string& path, double confidence) {
  std::string shown, folded;
  std::size_t folded_count = 0;
  for (std::size_t b = 0; breakdowns.is_array() && b < breakdowns.size(); ++b) {
    const json& breakdown = breakdowns[b];
    bool per_value = text_of(breakdown, "by").rfind("cars_with:", 0) == 0;
    std::string table =
        breakdown_table(breakdown, path + "." + std::to_string(b), "accuracy", confidence);
    (per_value ? folded : shown) += table;
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

std::string dataset_details(const json& score, std::size_t k) {
  const json& dataset = score["datasets"][k];
  const double confidence = confidence_of(score);
  const std::string path = "datasets." + std::to_string(k);
  std::string out;
  if (const json* breakdowns = member(dataset, "breakdowns"))
    out += breakdown_tables(*breakdowns, path + ".breakdowns", confidence);
  if (const json* calibration = member(dataset, "calibration"))
    out += calibration_block(*calibration, path + ".calibration", confidence);
  if (const json* recall = member(dataset, "recall"))
    out += figure_table(
        "Accuracy per true class", "true label", "recall", confidence,
        labelled_figures(*recall, path + ".recall", {{"east", "east"}, {"west", "west"}}));
  if (const json* confounder = member(dataset, "confounder")) {
    std::string attribute = text_of(*confounder, "attribute");
    std::string caption = attribute.empty() ? "Confounder"
                                            : "Confounder: " + attribute + " (goes with " +
                                                  text_of(*confounder, "goes_with") + ")";
    out += figure_table(caption, "the confounder", "accuracy", confidence,
                        labelled_figures(*confounder, path + ".confounder",
                                         {{"agrees", "agrees with the label"},
                                          {"disagrees", "disagrees with the label"}}));
  }
  if (const json* heldout = member(dataset, "heldout"))
    out += figure_table(
        "Held-out combinations" + combinations_text(*heldout), "trains", "accuracy", confidence,
        labelled_figures(*heldout, path + ".heldout",
                         {{"with", "with a held-out combination"}, {"without", "without"}}));
  std::string others =
      other_figure_rows(dataset, path,
                        {"accuracy", "balanced_accuracy", "splits", "breakdowns", "calibration",
                         "recall", "confounder", "heldout", "misclassified"});
  if (!others.empty()) out += figure_table("More figures", "figure", "value", confidence, others);
  return out;
}

std::string pairs_figures(const json& score) {
  const json* pairs = member(score, "pairs");
  if (!pairs) return "";
  const double confidence = confidence_of(score);
  std::string out = figure_table(
      "Counterfactual consistency and accuracy per side", "figure", "value", confidence,
      labelled_figures(
          *pairs, "pairs",
          {{"consistency", "consistency (prediction flips exactly when the label does)"},
           {"consistency_flipped", "consistency on pairs whose label flips"},
           {"consistency_kept", "consistency on pairs whose label is kept"},
           {"base", "accuracy on base samples"},
           {"intervened", "accuracy on intervened samples"}}) +
          other_figure_rows(*pairs, "pairs",
                            {"consistency", "consistency_flipped", "consistency_kept", "base",
                             "intervened", "by_operation", "examples"}));
  if (const json* by_operation = member(*pairs, "by_operation"))
    out += breakdown_table(*by_operation, "pairs.by_operation", "consistency", confidence);
  return out;
}

std::string sequences_figures(const json& score) {
  const json* sequences = member(score, "sequences");
  if (!sequences) return "";
  const double confidence = confidence_of(score);
  std::string rows = labelled_figures(
      *sequences, "sequences",
      {{"sequence_accuracy", "sequence accuracy"}, {"balanced_accuracy", "balanced accuracy"}});
  if (const json* splits = member(*sequences, "splits"))
    for (const auto& [name, figure] : splits->items())
      if (!figure.is_null())
        rows += figure_row(name + " split", figure, "sequences.splits." + name);
  rows += other_figure_rows(
      *sequences, "sequences",
      {"sequence_accuracy", "balanced_accuracy", "splits", "by_length", "predicates"});
  std::string out = figure_table("Sequence accuracy", "sequences", "accuracy", confidence, rows);
  for (const char* key : {"by_length", "predicates"})
    if (const json* breakdown = member(*sequences, key))
      out += breakdown_table(*breakdown, std::string("sequences.") + key, "accuracy", confidence);
  return out;
}

std::string worlds_figures(const json& score) {
  const json* worlds = member(score, "worlds");
  if (!worlds) return "";
  std::string out;
  if (const json* by_world = member(*worlds, "by_world"))
    out += breakdown_table(*by_world, "worlds.by_world", "accuracy", confidence_of(score));
  if (const json* correlation = member(*worlds, "similarity_correlation")) {
    const json* r = member(*correlation, "pearson");
    out +=
        "<p class=\"correlation\" data-figure=\"worlds.similarity_correlation.pearson\" "
        "data-value=\"" +
        (r ? json_number_text(*r) : std::string()) +
        "\">Correlation of "
        "shared concepts with similar accuracy between worlds: Pearson r = <b>" +
        (r && r->is_number() ? fixed_text(r->get<double>(), 3) : std::string("n/a")) +
        "</b> over " + escape_html(text_of(*correlation, "n")) + " pairs of worlds.</p>\n";
  }
  return out;
}

}  // namespace railyard::score
