// `railyard suite`: a benchmark's training set and test variants from one suite file
// (tools/lib/suite/README.md), and `railyard bench suite`.
#include <cstdio>
#include <iostream>
#include <optional>

#include "tools/lib/suite/suite.h"
#include "tools/lib/suite/suite_bench.h"
#include "tools/lib/suite/suite_check.h"
#include "tools/lib/suite/suite_run.h"
#include "tools/lib/suite/suite_summary.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "tools/railyard/path_checks.h"
#include "tools/railyard/run_flags.h"

namespace railyard {
namespace {

struct SuiteOptions {
  std::string file;
  SuiteOverrides overrides;
  std::string print_config;  // a variant's name
  bool list = false;
  bool check = false;
  RunFlags farm;      // a task of V x K: shard t % K of variant t / K
  ConfigOptions run;  // only -q/--quiet: run_options() is the run's data folder and progress
};

void run(const SuiteOptions& options) {
  Suite suite = load_suite(options.file, options.overrides);
  if (!options.print_config.empty()) {
    std::fputs(emit_config(suite.variant(options.print_config).config).c_str(), stdout);
    return;
  }
  if (options.list) {
    for (const SuiteVariant& v : suite.variants) std::printf("%s\n", v.name.c_str());
    return;
  }
  RunOptions run = run_options(options.run);
  if (options.check) {
    SuiteCheck check =
        check_suite(suite, run.data_dir, {CheckTrains::Bounded, run.progress ? stderr : nullptr});
    std::fputs(summary_markdown(make_suite_summary(suite, check)).c_str(), stdout);
    return;
  }
  if (options.farm.merge) {
    merge_suite(suite, run);
    std::printf("merged suite %s\n", suite.folder().c_str());
    return;
  }
  if (Shard task = process_shard(options.farm); !task.whole()) {
    print_run_summary(run_suite_task(suite, task, run), "suite");
    return;
  }
  for (const RunSummary& summary : run_suite(suite, run)) print_run_summary(summary, "suite");
  std::printf("suite %s: summary.md, summary.json, summary.png\n", suite.folder().c_str());
}

}  // namespace

void add_suite_command(CLI::App& app) {
  auto options = std::make_shared<SuiteOptions>();
  CLI::App* command =
      app.add_subcommand("suite",
                         "a training set and its test variants (OOD, length, hold-out, confounded, "
                         "curriculum) from one suite file");
  command->add_option("suite", options->file, "suite file (YAML, see tools/lib/suite/README.md)")
      ->required()
      ->check(existing_file());
  command
      ->add_option("--set", options->overrides.assignments,
                   "set a dataset key in every variant, after the suite file: --set count=20")
      // One key=value per --set, so the suite file after it stays the suite file.
      ->allow_extra_args(false);
  command->add_option("--scale", options->overrides.scale,
                      "multiply every variant's count and subsets (e.g. 0.01 for a quick run; "
                      "0 < scale <= 1e6, and no scaled count past generate's limit)");
  command->add_option("-o,--output", options->overrides.output,
                      "folder the suite's folder goes in");
  command->add_option(
      "--print-config", options->print_config,
      "print a variant's effective dataset config (what `generate` takes) and exit");
  command->add_flag("--list", options->list, "print the variants' names, in order, and exit");
  command->add_flag("--check", options->check,
                    "sample the variants' trains (at most " + std::to_string(kBoundedCheckTrains) +
                        " per variant without combination filters), check them and print the "
                        "summary; render nothing");
  add_run_flags(*command, options->farm,
                "farm task t/T: shard t % K of variant t / K, K = T / variants (the merge: "
                "every variant's dataset-wide files and the summary)");
  command->add_flag("-q,--quiet", options->run.quiet, "no progress output");
  command->callback([options] { run(*options); });
}

void add_suite_bench(CLI::App& bench) {
  auto options = std::make_shared<SuiteBenchOptions>();
  CLI::App* command = bench.add_subcommand(
      "suite",
      "a suite's symbolic part on many trains, and its overhead over `generate` of its "
      "variants one by one");
  command->add_option("suite", options->file, "suite file")
      ->check(existing_file())
      ->capture_default_str();
  command
      ->add_option("--trains", options->trains,
                   "trains in the symbolic part, all variants together")
      ->capture_default_str();
  command
      ->add_option("--images", options->images,
                   "images rendered per run of the overhead part, all variants together (0: "
                   "skip it)")
      ->capture_default_str();
  command->add_option("--work", options->work, "scratch folder (emptied first)")
      ->capture_default_str();
  command->callback([options] { run_suite_bench(*options); });
}

}  // namespace railyard
