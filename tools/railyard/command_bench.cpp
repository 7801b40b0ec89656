// `railyard bench`: throughput figures for BENCHMARKS.md. Not a test: nothing here asserts a time.
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"

namespace railyard {

void run_logic_benchmark(std::uint64_t count, std::uint64_t seed,
                         const std::vector<std::string>& rules);
void run_pipeline_benchmark(const DatasetConfig& config);            // bench_pipeline.cpp
void run_write_benchmark(const DatasetConfig& config, int repeats);  // bench_write.cpp
void run_pairs_benchmark(DatasetConfig config);                      // bench_pairs.cpp
void add_export_benchmark(CLI::App& bench);                          // bench_export.cpp
void add_intervene_bench(CLI::App& bench);                           // bench_intervene.cpp
void add_pathtrace_bench(CLI::App& bench);                           // bench_pathtrace.cpp
void add_python_bench(CLI::App& bench);                              // bench_python.cpp
void add_rule_loading_bench(CLI::App& bench);                        // bench_rule_loading.cpp
void add_score_bench(CLI::App& bench);                               // bench_score.cpp
void add_sequences_bench(CLI::App& bench);                           // bench_sequences.cpp
void add_startup_bench(CLI::App& bench);                             // bench_startup.cpp
void add_worlds_bench(CLI::App& bench);                              // bench_worlds.cpp

namespace {

// A bench of a dataset config, given `defaults` before the command line's assignments when there
// is no config file.
CLI::App* add_dataset_bench(CLI::App& bench, const char* name, const char* help,
                            std::vector<std::string> defaults,
                            std::function<void(const DatasetConfig&)> run) {
  auto options = std::make_shared<ConfigOptions>();
  CLI::App* command = bench.add_subcommand(name, help);
  add_config_options(*command, *options);
  command->callback([options, defaults, run] {
    ConfigOptions given = *options;
    if (given.config_file.empty())
      given.assignments.insert(given.assignments.begin(), defaults.begin(), defaults.end());
    run(effective_config(given));
  });
  return command;
}

}  // namespace

void add_bench_command(CLI::App& app) {
  CLI::App* bench = app.add_subcommand("bench", "measure throughput (see BENCHMARKS.md)");
  bench->require_subcommand(1);

  struct LogicOptions {
    std::uint64_t count = 200'000;
    std::uint64_t seed = 0;
    std::vector<std::string> rules{"theoryx", "numerical", "complex", "easy", "color", "multi"};
  };
  auto logic = std::make_shared<LogicOptions>();
  CLI::App* command = bench->add_subcommand(
      "logic", "sample and label the same trains with railyard and with SWI-Prolog (if installed)");
  command->add_option("-n,--count", logic->count, "trains")->capture_default_str();
  command->add_option("--seed", logic->seed, "random seed")->capture_default_str();
  command->add_option("-r,--rule", logic->rules, "rules to label with")->capture_default_str();
  command->callback([logic] { run_logic_benchmark(logic->count, logic->seed, logic->rules); });

  // 1,000 images unless the config or a flag says otherwise.
  add_dataset_bench(*bench, "pipeline",
                    "images/s of generate against bare rendering of the same samples",
                    {"count=1000"}, run_pipeline_benchmark);
  // 100 samples unless the config or a flag says otherwise (the frames stay in memory).
  auto repeats = std::make_shared<int>(3);
  add_dataset_bench(
      *bench, "write", "ms of CPU per image once the frame is in memory, per stage, on one core",
      {"count=100"},
      [repeats](const DatasetConfig& config) { run_write_benchmark(config, *repeats); })
      ->add_option("--repeats", *repeats, "write passes over the same frames")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  add_pathtrace_bench(*bench);
  add_export_benchmark(*bench);
  add_intervene_bench(*bench);

  // 200 trains without depth EXRs unless the config or a flag says otherwise.
  add_dataset_bench(*bench, "pairs",
                    "ms per pair of intervene against ms per image of generate, and peak memory",
                    {"count=200", "outputs.depth_exr=false", "subsets=[]"}, run_pairs_benchmark);
  add_python_bench(*bench);
  add_rule_loading_bench(*bench);
  add_score_bench(*bench);
  add_sequences_bench(*bench);
  add_startup_bench(*bench);
  add_suite_bench(*bench);
  add_worlds_bench(*bench);
}

}  // namespace railyard
