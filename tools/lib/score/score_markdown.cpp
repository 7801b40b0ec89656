#include "tools/lib/score/score_markdown.h"

#include <cstdio>

#include "tools/lib/records/formats/split_names.h"

namespace railyard::score {

std::string figure_text(const Figure& f) {
  char text[96];
  std::snprintf(text, sizeof text, "%.1f%% [%.1f, %.1f]", 100 * f.value, 100 * f.low, 100 * f.high);
  return text;
}

namespace {

std::string n_text(const Figure& f) {
  std::string n = std::to_string(f.n);
  return f.correct ? std::to_string(*f.correct) + "/" + n : n;
}

std::string table(const Breakdown& breakdown) {
  std::string out =
      "#### " + breakdown.title + "\n\n| " + breakdown.by + " | figure | n |\n|---|---|---|\n";
  for (const BreakdownRow& row : breakdown.rows)
    out += "| " + row.value + " | " + figure_text(row.figure) + " | " + n_text(row.figure) + " |\n";
  return out + "\n";
}

std::string overview(const std::vector<DatasetScore>& datasets) {
  std::string out =
      "| dataset | accuracy | balanced accuracy | train | val | test | n |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const DatasetScore& d : datasets) {
    std::string splits;
    for (const char* split : kSplitNames)
      splits += (d.splits.count(split) ? figure_text(d.splits.at(split)) : "-") + " | ";
    out += "| " + d.name + " | " + figure_text(d.accuracy) + " | " +
           figure_text(d.balanced_accuracy) + " | " + splits + n_text(d.accuracy) + " |\n";
  }
  return out + "\n";
}

std::string dataset_section(const DatasetScore& d) {
  std::string out = "### " + d.name + "\n\n";
  if (const auto& c = d.confounder)
    out += "Confounder " + c->attribute + ": agrees " + figure_text(c->agrees) + " (" +
           n_text(c->agrees) + "), disagrees " + figure_text(c->disagrees) + " (" +
           n_text(c->disagrees) + ").\n\n";
  if (const auto& h = d.heldout)
    out += "Held-out combinations: with " + figure_text(h->with) + " (" + n_text(h->with) +
           "), without " + figure_text(h->without) + " (" + n_text(h->without) + ").\n\n";
  if (d.calibration) out += "Calibration: ECE " + figure_text(d.calibration->ece) + ".\n\n";
  for (const Breakdown& b : d.breakdowns)
    if (b.by == "train_length" || b.by == "scene" || b.by == "distribution") out += table(b);
  for (std::size_t k = 0; k < d.misclassified.size() && k < 20; ++k) {
    if (k == 0)
      out +=
          "#### Misclassified (first ones)\n\n| index | split | label | predicted | train "
          "|\n|---|---|---|---|---|\n";
    const Misclassified& m = d.misclassified[k];
    out += "| " + std::to_string(m.index) + " | " + m.split + " | " + m.label + " | " +
           m.predicted + " | `" + m.description + "` |\n";
  }
  return out + "\n";
}

}  // namespace

std::string score_markdown(const ScoreReport& score) {
  const TargetInput& target = score.inputs.target;
  const Coverage& coverage = score.coverage;
  std::string out = "# Score: " + target.path + "\n\n";
  out += "Target: " + target.kind + ". Scored " + std::to_string(coverage.scored) + " of " +
         std::to_string(coverage.expected) + " (" + std::to_string(coverage.missing) + " missing" +
         (coverage.partial ? ", --partial" : "") +
         "). Intervals: " + std::to_string(static_cast<int>(100 * score.confidence + 0.5)) +
         "%, Wilson for shares.\n\n";
  if (!score.datasets.empty()) out += "## Accuracy\n\n" + overview(score.datasets);
  if (const auto& p = score.pairs)
    out += "## Counterfactual consistency\n\nConsistency " + figure_text(p->consistency) + " (" +
           n_text(p->consistency) + "); base " + figure_text(p->base) + ", intervened " +
           figure_text(p->intervened) + ".\n\n" + table(p->by_operation);
  if (const auto& s = score.sequences) {
    out += "## Sequences\n\nSequence accuracy " + figure_text(s->sequence_accuracy) + " (" +
           n_text(s->sequence_accuracy) + ").\n\n" + table(s->by_length);
    if (s->predicates) out += table(*s->predicates);
  }
  if (const auto& w = score.worlds) {
    char r[64];
    std::snprintf(r, sizeof r, "%.3f", w->similarity_correlation.pearson);
    out +=
        "## Worlds\n\nCorrelation of shared concepts with alike accuracy: r = " + std::string(r) +
        " over " + std::to_string(w->similarity_correlation.n) + " pairs of worlds.\n\n" +
        table(w->by_world);
  }
  if (!score.datasets.empty()) {
    out += "## Per dataset\n\n";
    for (const DatasetScore& d : score.datasets) out += dataset_section(d);
  }
  for (const Plot& plot : score.plots) out += "![" + plot.title + "](" + plot.file + ")\n";
  return out;
}

}  // namespace railyard::score
