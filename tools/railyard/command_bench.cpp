// `railyard bench`: throughput figures for BENCHMARKS.md. Not a test: nothing here asserts a time.
#include "tools/bench/bench_pairs.h"
#include "tools/bench/bench_pathtrace.h"
#include "tools/bench/bench_pipeline.h"
#include "tools/bench/bench_write.h"
#include "tools/bench/pathtrace_quality.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"

namespace railyard {

void run_logic_benchmark(std::uint64_t count, std::uint64_t seed,
                         const std::vector<std::string>& rules);
void add_export_benchmark(CLI::App& bench);    // bench_export.cpp
void add_intervene_bench(CLI::App& bench);     // bench_intervene.cpp
void add_python_bench(CLI::App& bench);        // bench_python.cpp
void add_rule_loading_bench(CLI::App& bench);  // bench_rule_loading.cpp
void add_score_bench(CLI::App& bench);         // bench_score.cpp
void add_sequences_bench(CLI::App& bench);     // bench_sequences.cpp
void add_startup_bench(CLI::App& bench);       // bench_startup.cpp
void add_worlds_bench(CLI::App& bench);        // bench_worlds.cpp

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

  auto pipeline = std::make_shared<ConfigOptions>();
  CLI::App* pipeline_command = bench->add_subcommand(
      "pipeline", "images/s of generate against bare rendering of the same samples");
  add_config_options(*pipeline_command, *pipeline);
  pipeline_command->callback([pipeline] {
    ConfigOptions options = *pipeline;
    // 1,000 images unless the config or a flag says otherwise.
    if (options.config_file.empty())
      options.assignments.insert(options.assignments.begin(), "count=1000");
    run_pipeline_benchmark(effective_config(options));
  });

  auto write = std::make_shared<std::pair<ConfigOptions, int>>(ConfigOptions{}, 3);
  CLI::App* write_command = bench->add_subcommand(
      "write", "ms of CPU per image once the frame is in memory, per stage, on one core");
  add_config_options(*write_command, write->first);
  write_command->add_option("--repeats", write->second, "write passes over the same frames")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  write_command->callback([write] {
    ConfigOptions options = write->first;
    // 100 samples unless the config or a flag says otherwise (the frames stay in memory).
    if (options.config_file.empty())
      options.assignments.insert(options.assignments.begin(), "count=100");
    run_write_benchmark(effective_config(options), write->second);
  });

  auto pathtrace = std::make_shared<PathtraceBenchOptions>();
  CLI::App* pt = bench->add_subcommand(
      "pathtrace",
      "seconds per image and rays/s of the path tracer on a 3-car train, against Blender Cycles "
      "when installed");
  pt->add_option("--scene", pathtrace->scenes, "scene names, each benchmarked in turn")
      ->capture_default_str();
  pt->add_option("--representation", pathtrace->representation, "Trains or SimpleObjects")
      ->capture_default_str();
  pt->add_option("-s,--samples", pathtrace->samples, "samples per pixel, one image each")
      ->capture_default_str();
  pt->add_option("-j,--threads", pathtrace->threads, "threads (0: all cores)");
  pt->add_option("--bounces", pathtrace->max_bounces, "maximum bounces")->capture_default_str();
  pt->add_option("--width", pathtrace->width, "image width")->capture_default_str();
  pt->add_option("--height", pathtrace->height, "image height")->capture_default_str();
  pt->add_option("--seed", pathtrace->seed, "random seed");
  pt->add_option("--out", pathtrace->out, "folder to write <scene>/pathtrace_<spp>.png into");
  pt->add_option("--reference-spp", pathtrace->reference_samples,
                 "samples of each renderer's reference for the equal-quality figure (0: none)")
      ->capture_default_str();
  pt->add_option("--reference-cache", pathtrace->reference_cache,
                 "folder keeping the references between runs (default: ~/.cache/railyard/"
                 "pathtrace)");
  pt->add_option("--blender", pathtrace->blender,
                 "Blender to compare with (default: blender on PATH)");
  pt->add_flag(
      "--no-cycles", [pathtrace](std::int64_t) { pathtrace->cycles = false; },
      "skip the comparison with Blender Cycles");
  pt->add_flag(
      "--no-sky-nee", [pathtrace](std::int64_t) { pathtrace->sky_next_event = false; },
      "sample the sky only by BSDF sampling (faster per sample, noisier)");
  pt->callback([pathtrace] {
    if (pathtrace->reference_cache.empty()) pathtrace->reference_cache = default_reference_cache();
    run_pathtrace_benchmark(*pathtrace);
  });

  add_export_benchmark(*bench);
  add_intervene_bench(*bench);

  auto pairs = std::make_shared<ConfigOptions>();
  CLI::App* pairs_command = bench->add_subcommand(
      "pairs", "ms per pair of intervene against ms per image of generate, and peak memory");
  add_config_options(*pairs_command, *pairs);
  pairs_command->callback([pairs] {
    ConfigOptions options = *pairs;
    // 200 trains without depth EXRs unless the config or a flag says otherwise.
    if (options.config_file.empty())
      options.assignments.insert(options.assignments.begin(),
                                 {"count=200", "outputs.depth_exr=false", "subsets=[]"});
    run_pairs_benchmark(effective_config(options));
  });
  add_python_bench(*bench);
  add_rule_loading_bench(*bench);
  add_score_bench(*bench);
  add_sequences_bench(*bench);
  add_startup_bench(*bench);
  add_suite_bench(*bench);
  add_worlds_bench(*bench);
}

}  // namespace railyard
