// `railyard score PREDICTIONS... TARGET -o DIR`: a model's predictions scored against a folder
// railyard made, with every figure's interval (tools/lib/score/README.md); `--baseline
// rule|majority` scores a shipped baseline instead; `--compare A B` puts two score folders side by
// side.
#include <cstdio>

#include "tools/lib/score/compare.h"
#include "tools/lib/score/score.h"
#include "tools/lib/score/score_error.h"
#include "tools/railyard/commands.h"

namespace railyard {

namespace {

// The command's own flags; the scoring options are ScoreRequest's, defaults and all.
struct ScoreOptions {
  std::vector<std::string> inputs, compare;
  std::string output, write_predictions, worlds;
  score::ScoreRequest request;
};

void print_summary(const score::ScoreReport& score, const std::string& folder) {
  std::printf("scored %llu of %llu%s\n", static_cast<unsigned long long>(score.coverage.scored),
              static_cast<unsigned long long>(score.coverage.expected),
              score.coverage.partial ? " (--partial)" : "");
  for (const score::DatasetScore& d : score.datasets)
    std::printf("  %-40s accuracy %.1f%% [%.1f, %.1f] of %llu\n", d.name.c_str(),
                100 * d.accuracy.value, 100 * d.accuracy.low, 100 * d.accuracy.high,
                static_cast<unsigned long long>(d.accuracy.n));
  if (score.pairs)
    std::printf("  counterfactual consistency %.1f%%\n", 100 * score.pairs->consistency.value);
  if (score.sequences)
    std::printf("  sequence accuracy %.1f%%\n", 100 * score.sequences->sequence_accuracy.value);
  if (!folder.empty()) std::printf("wrote %s\n", folder.c_str());
}

void run(const ScoreOptions& o) {
  if (!o.compare.empty()) {
    if (o.output.empty()) throw score::ScoreError("--compare needs -o DIR");
    score::Comparison compare = score::compare_scores(o.compare[0], o.compare[1]);
    score::write_compare_folder(compare, o.output);
    std::printf("%swrote %s\n", score::compare_markdown(compare).c_str(), o.output.c_str());
    return;
  }
  score::ScoreRequest request = o.request;
  if (!o.worlds.empty()) request.worlds = o.worlds;
  std::size_t wanted = request.baseline.empty() ? 2 : 1;
  if (o.inputs.size() < wanted || (!request.baseline.empty() && o.inputs.size() != 1))
    throw score::ScoreError(request.baseline.empty()
                                ? "give PREDICTIONS... TARGET (or --baseline NAME TARGET)"
                                : "--baseline takes only the TARGET folder");
  request.target = o.inputs.back();
  request.predictions.assign(o.inputs.begin(), o.inputs.end() - 1);
  if (!o.output.empty()) check_destination(o.output, score::kScoreFolder);
  if (!o.write_predictions.empty()) {
    score::write_baseline_predictions(request, o.write_predictions);
    std::printf("wrote %s\n", o.write_predictions.c_str());
    if (o.output.empty()) return;
  }
  if (o.output.empty()) throw score::ScoreError("-o DIR: the score folder to write is required");
  print_summary(score::write_score_folder(score::score_predictions(request), o.output), o.output);
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto options = std::make_shared<ScoreOptions>();
  CLI::App* command = app.add_subcommand(
      "score",
      "score a model's predictions against a dataset, suite, pairs folder or sequence set: "
      "score.json, score.md, plots and report.html, every figure with its interval");
  command->footer(
      "PREDICTIONS: JSON Lines (.jsonl) or CSV with a header, one line per sample:\n"
      "  {\"index\": 17, \"label\": \"east\", \"probability\": 0.83}   (or \"image\": "
      "\"17_m_train.png\";\n"
      "  label east/west or 1/0; probability of east optional). A suite: \"variant\" on each "
      "line,\n  or one file per variant named after it (test_iid.jsonl); a pairs folder: "
      "variant base or\n  intervened; a sequence set: \"sequence\" instead of index, optional "
      "\"predicates\":\n  {\"roofed\": [0, 1, ...]}. A folder stands for the prediction files in "
      "it.\nExamples:\n"
      "  railyard score preds.jsonl output/Trains_theoryx_... -o score/\n"
      "  railyard score --baseline rule output/vlol_paper -o score_rule/\n"
      "  railyard score --compare score_a/ score_b/ -o a_vs_b/\n"
      "See tools/lib/score/README.md for score.json.");
  command->add_option("inputs", options->inputs,
                      "PREDICTIONS... TARGET: prediction files (or folders of them), then the "
                      "dataset, suite, pairs folder or sequence set they answer");
  command->add_option("-o,--output", options->output,
                      "the score folder to write (whole or not at all; only a score folder is "
                      "replaced)");
  command
      ->add_option("--baseline", options->request.baseline,
                   "score a baseline instead of predictions: rule (the rule on the symbolic "
                   "trains: the ceiling) or majority (the training set's majority class)")
      ->check(CLI::IsMember({"rule", "majority"}));
  command->add_option("--write-predictions", options->write_predictions,
                      "with --baseline: also write its predictions file (.jsonl or .csv)");
  command
      ->add_option("--compare", options->compare,
                   "A B: two score folders of the same target side by side, with McNemar's "
                   "test (compare.json, compare.md in -o)")
      ->expected(2);
  command->add_flag("--partial", options->request.partial,
                    "score the samples predicted; report how many are missing (else refused)");
  command->add_option("--confidence", options->request.confidence, "of every interval")
      ->capture_default_str();
  command->add_option("--worlds", options->worlds,
                      "worlds.json (or the folder of `railyard worlds`) of a worlds suite: "
                      "accuracy per world and its correlation with world similarity");
  command
      ->add_option("--misclassified", options->request.misclassified,
                   "misclassified samples listed per dataset")
      ->check(CLI::Range(0, 1'000'000))
      ->capture_default_str();
  command->callback([options] { run(*options); });
}

}  // namespace railyard
