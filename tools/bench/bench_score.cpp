// `railyard bench score`: scoring 100,000 predictions against a suite of 13 variants (V-LoL's
// paper suite, vlol_paper.yaml, at --scale 2.11: 100,225 samples) on one core; the best of
// --repeats runs of score_predictions (read the suite's records, match, every figure), nothing
// written. The suite is rendered once at 32x18 without depth, COCO or masks (the cheapest real
// folder: scoring reads records, not pictures) and kept under --output with its predictions
// file (a seeded random model with probabilities), so later runs only score.
// Goal (issue #28): under 10 s on one core.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <random>

#include "tools/bench/measure.h"
#include "tools/lib/records/dataset_folder.h"
#include "tools/lib/records/suite_summary_record.h"
#include "tools/lib/score/score.h"
#include "util/atomic_file.h"
#include "util/child_process.h"
#include "util/file_system.h"

namespace railyard {

namespace fs = std::filesystem;

namespace {

struct ScoreBenchOptions {
  std::string output = "output/bench_score";
  double scale = 2.11;
  int repeats = 3;
};

// The suite folder, rendered by this binary when it is not there (a killed run resumes).
fs::path bench_suite(const ScoreBenchOptions& o) {
  fs::path suite = fs::path(o.output) / "vlol_paper";
  if (file_system::exists(suite / "summary.json")) return suite;
  std::fprintf(stderr, "rendering the suite into %s (once; 32x18, records only matter)\n",
               suite.c_str());
  ChildResult made =
      run_child("/proc/self/exe",
                {"suite", RAILYARD_SOURCE_DIR "/configs/suites/vlol_paper.yaml", "--scale",
                 std::to_string(o.scale), "--set", "width=32", "--set", "height=18", "--set",
                 "outputs.depth_exr=false", "--set", "outputs.depth_png=false", "--set",
                 "outputs.coco=false", "--set", "outputs.masks=false", "-q", "-o", o.output});
  if (made.exit_code != 0)
    throw std::runtime_error("bench score: the suite failed:\n" + made.output);
  return suite;
}

// One line per sample with its variant: a seeded random model.
fs::path bench_predictions(const fs::path& suite, std::uint64_t& count) {
  fs::path file = suite.parent_path() / "predictions.jsonl";
  SuiteSummary summary = read_suite_summary(suite / "summary.json");
  count = 0;
  for (const SuiteVariantSummary& v : summary.variants) count += v.counts.samples;
  if (file_system::exists(file)) return file;
  std::mt19937_64 random(28);
  std::uniform_real_distribution<double> p(0.0, 1.0);
  std::string text;
  for (const SuiteVariantSummary& v : summary.variants)
    for (std::uint64_t i = 0; i < v.counts.samples; ++i) {
      double q = p(random);
      char line[160];
      std::snprintf(
          line, sizeof line,
          "{\"variant\": \"%s\", \"index\": %llu, \"label\": \"%s\", \"probability\": %.4f}\n",
          v.name.c_str(), static_cast<unsigned long long>(i), q >= 0.5 ? "east" : "west", q);
      text += line;
    }
  write_file_atomically(file, text);
  return file;
}

}  // namespace

void add_score_bench(CLI::App& bench) {
  auto options = std::make_shared<ScoreBenchOptions>();
  CLI::App* command = bench.add_subcommand(
      "score",
      "score 100,000 predictions against a 13-variant suite on one core (no files written)");
  command->add_option("-o,--output", options->output, "where the suite and predictions are kept")
      ->capture_default_str();
  command->add_option("--scale", options->scale, "the suite's --scale (2.11: 100,225 samples)")
      ->capture_default_str();
  command->add_option("--repeats", options->repeats, "runs, the best kept")->capture_default_str();
  command->callback([options] {
    fs::path suite = bench_suite(*options);
    std::uint64_t count = 0;
    fs::path predictions = bench_predictions(suite, count);
    score::ScoreRequest request;
    request.predictions = {predictions};
    request.target = suite;
    score::ScoreReport score;
    BestTimes best = best_of(options->repeats, [&] { score = score::score_predictions(request); });
    std::printf(
        "score: %llu predictions against %zu variants: %.2f s wall, %.2f s CPU (best of "
        "%d, one thread); %.0f predictions/s; peak memory %.0f MiB\n",
        static_cast<unsigned long long>(count), score.datasets.size(), best.wall, best.cpu,
        options->repeats, static_cast<double>(count) / best.wall, peak_memory_mib());
  });
}

}  // namespace railyard
