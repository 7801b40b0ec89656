// `railyard bench pipeline`: annotated images per second end to end (generate into a temporary
// folder) against bare rendering of the same samples (sample, layout, render, nothing written),
// and the pipeline's overhead over bare rendering.
#include "tools/bench/bench_pipeline.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>

#include "tools/bench/measure.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/dataset/run_setup.h"
#include "util/file_system.h"

namespace railyard {
namespace {

double bare_rendering_seconds(const DatasetConfig& config) {
  DatasetInputs inputs = resolve_inputs(config, data_root());
  SampledTrains trains = sampled_trains(config, inputs);
  RunSetup setup(config, inputs);
  SampleFactory factory = setup.factory(trains);
  factory(0);  // warm-up: shader compilation, mesh upload
  auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < config.count; ++i) factory(i);
  return seconds_since(start);
}

}  // namespace

void run_pipeline_benchmark(const DatasetConfig& base) {
  DatasetConfig config = base;
  config.output = file_system::temp_folder() / "railyard_bench_pipeline";
  file_system::remove_tree(config.output);
  std::printf("bench pipeline: %llu images %dx%d, %s backend, %s, rule %s\n",
              static_cast<unsigned long long>(config.count), config.width, config.height,
              config.backend.c_str(), config.scene.c_str(), config.rule.c_str());
  double bare = bare_rendering_seconds(config);
  std::printf("bare rendering (sample, layout, render):  %7.2f s  %7.1f images/s\n", bare,
              static_cast<double>(config.count) / bare);
  RunOptions options;
  options.data_dir = data_root();
  options.version = RAILYARD_VERSION;
  options.progress = false;
  auto start = std::chrono::steady_clock::now();
  RunSummary summary = generate_dataset(config, options);
  double full = seconds_since(start);
  std::printf("generate (all files, annotations, merge): %7.2f s  %7.1f images/s\n", full,
              static_cast<double>(config.count) / full);
  std::printf("overhead over bare rendering: %.1f%% (goal < 10%%)\n", 100.0 * (full - bare) / bare);
  std::printf("peak memory of this process: %.0f MiB\n", peak_memory_mib());
  std::printf("backend: %s\n", summary.backend.c_str());
  file_system::remove_tree(config.output);
}

}  // namespace railyard
