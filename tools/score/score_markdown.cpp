#include "tools/score/score_markdown.h"

#include <cstdio>

namespace railyard::score {

using nlohmann::json;

std::string figure_text(const json& f) {
  if (f.is_null()) return "-";
  char text[96];
  std::snprintf(text, sizeof text, "%.1f%% [%.1f, %.1f]", 100 * f.value("value", 0.0),
                100 * f.value("low", 0.0), 100 * f.value("high", 1.0));
  return text;
}

namespace {

std::string n_text(const json& f) {
  if (f.is_null()) return "0";
  std::string n = std::to_string(f.value("n", std::uint64_t{0}));
  return f.contains("correct") ? std::to_string(f["correct"].get<std::uint64_t>()) + "/" + n : n;
}

std::string table(const json& breakdown) {
  std::string out = "#### " + breakdown.value("title", std::string()) + "\n\n| " +
                    breakdown.value("by", std::string()) + " | figure | n |\n|---|---|---|\n";
  for (const json& row : breakdown.at("rows"))
    out += "| " + row.at("value").get<std::string>() + " | " + figure_text(row.at("figure")) +
           " | " + n_text(row.at("figure")) + " |\n";
  return out + "\n";
}

std::string overview(const json& datasets) {
  std::string out =
      "| dataset | accuracy | balanced accuracy | train | val | test | n |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const json& d : datasets) {
    auto split = [&](const char* s) {
      return d["splits"].contains(s) ? figure_text(d["splits"][s]) : std::string("-");
    };
    out += "| " + d.at("name").get<std::string>() + " | " + figure_text(d["accuracy"]) + " | " +
           figure_text(d["balanced_accuracy"]) + " | " + split("train") + " | " + split("val") +
           " | " + split("test") + " | " + n_text(d["accuracy"]) + " |\n";
  }
  return out + "\n";
}

std::string dataset_section(const json& d) {
  std::string out = "### " + d.at("name").get<std::string>() + "\n\n";
  if (!d["confounder"].is_null())
    out += "Confounder " + d["confounder"].value("attribute", std::string()) + ": agrees " +
           figure_text(d["confounder"]["agrees"]) + " (" + n_text(d["confounder"]["agrees"]) +
           "), disagrees " + figure_text(d["confounder"]["disagrees"]) + " (" +
           n_text(d["confounder"]["disagrees"]) + ").\n\n";
  if (!d["heldout"].is_null())
    out += "Held-out combinations: with " + figure_text(d["heldout"]["with"]) + " (" +
           n_text(d["heldout"]["with"]) + "), without " + figure_text(d["heldout"]["without"]) +
           " (" + n_text(d["heldout"]["without"]) + ").\n\n";
  if (!d["calibration"].is_null())
    out += "Calibration: ECE " + figure_text(d["calibration"]["ece"]) + ".\n\n";
  for (const json& b : d.at("breakdowns"))
    if (b.at("by") == "train_length" || b.at("by") == "scene" || b.at("by") == "distribution")
      out += table(b);
  std::size_t shown = 0;
  for (const json& m : d.at("misclassified")) {
    if (shown++ == 0)
      out +=
          "#### Misclassified (first ones)\n\n| index | split | label | predicted | train "
          "|\n|---|---|---|---|---|\n";
    if (shown > 20) break;
    out += "| " + std::to_string(m.at("index").get<std::uint64_t>()) + " | " +
           m.at("split").get<std::string>() + " | " + m.at("label").get<std::string>() + " | " +
           m.at("predicted").get<std::string>() + " | `" + m.at("description").get<std::string>() +
           "` |\n";
  }
  return out + "\n";
}

}  // namespace

std::string score_markdown(const json& score) {
  const json& target = score.at("inputs").at("target");
  const json& coverage = score.at("coverage");
  std::string out = "# Score: " + target.value("path", std::string()) + "\n\n";
  out += "Target: " + target.value("kind", std::string()) + ". Scored " +
         std::to_string(coverage.value("scored", 0)) + " of " +
         std::to_string(coverage.value("expected", 0)) + " (" +
         std::to_string(coverage.value("missing", 0)) + " missing" +
         (coverage.value("partial", false) ? ", --partial" : "") + "). Intervals: " +
         std::to_string(static_cast<int>(100 * score.value("confidence", 0.95) + 0.5)) +
         "%, Wilson for shares.\n\n";
  const json& datasets = score.at("datasets");
  if (!datasets.empty()) out += "## Accuracy\n\n" + overview(datasets);
  if (score.contains("pairs") && !score["pairs"].is_null()) {
    const json& p = score["pairs"];
    out += "## Counterfactual consistency\n\nConsistency " + figure_text(p["consistency"]) + " (" +
           n_text(p["consistency"]) + "); base " + figure_text(p["base"]) + ", intervened " +
           figure_text(p["intervened"]) + ".\n\n" + table(p["by_operation"]);
  }
  if (score.contains("sequences") && !score["sequences"].is_null()) {
    const json& s = score["sequences"];
    out += "## Sequences\n\nSequence accuracy " + figure_text(s["sequence_accuracy"]) + " (" +
           n_text(s["sequence_accuracy"]) + ").\n\n" + table(s["by_length"]);
    if (!s["predicates"].is_null()) out += table(s["predicates"]);
  }
  if (score.contains("worlds") && !score["worlds"].is_null()) {
    const json& w = score["worlds"];
    char r[64];
    std::snprintf(r, sizeof r, "%.3f", w["similarity_correlation"].value("pearson", 0.0));
    out +=
        "## Worlds\n\nCorrelation of shared concepts with alike accuracy: r = " + std::string(r) +
        " over " + std::to_string(w["similarity_correlation"].value("n", 0)) +
        " pairs of worlds.\n\n" + table(w["by_world"]);
  }
  if (!datasets.empty()) {
    out += "## Per dataset\n\n";
    for (const json& d : datasets) out += dataset_section(d);
  }
  for (const json& plot : score.value("plots", json::array()))
    out += "![" + plot.value("title", std::string()) + "](" + plot.value("file", std::string()) +
           ")\n";
  return out;
}

}  // namespace railyard::score
