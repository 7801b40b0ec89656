// `railyard bench pipeline`: annotated images per second end to end (generate into a temporary
// folder) against bare rendering of the same samples (sample, layout, render, nothing written),
// the pipeline's overhead over bare rendering, and where the time goes stage by stage (a second,
// timed generate: its frames wait for the GPU before their read-back, so its rate is not the
// headline).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <string>

#include "tools/bench/measure.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/pipeline_times.h"
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
  // With as many frames in flight as generate keeps.
  const unsigned in_flight = setup.renderer().frames_in_flight();
  std::printf("frames in flight: %u\n", in_flight);
  std::deque<BegunSample> begun;
  auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < config.count || !begun.empty();) {
    if (i < config.count) begun.push_back(factory.begin(i++));
    if (begun.size() < in_flight && i < config.count) continue;
    std::move(begun.front()).finish();
    begun.pop_front();
  }
  return seconds_since(start);
}

void print_stage(const char* name, const char* thread, const StageTime& time, double count) {
  std::printf("  %-12s %-9s %8.2f %8.2f\n", name, thread, 1e3 * time.cpu_seconds / count,
              1e3 * time.wall_seconds / count);
}

// A timed generate: per stage, CPU ms of the thread that ran it and wall ms, per image.
void print_stages(const DatasetConfig& config, RunOptions options) {
  file_system::remove_tree(config.output);
  PipelineTimes times;
  options.times = &times;
  Stopwatch watch;
  generate_dataset(config, options);
  double wall = watch.wall(), cpu = watch.cpu();
  auto count = static_cast<double>(config.count);
  std::printf(
      "\nstages per image (a timed run on %zu producing threads: %.1f images/s, %.2f ms "
      "of CPU of all threads)\n",
      times.produce.size(), count / wall, 1e3 * cpu / count);
  std::printf("  %-12s %-9s %8s %8s\n", "stage", "thread", "CPU ms", "wall ms");
  ProduceTimes produced = times.produced();
  print_stage("train", "producer", produced.train, count);
  print_stage("layout", "producer", produced.layout, count);
  print_stage("draw", "producer", produced.frame.draw, count);
  for (auto [name, pass] : {std::pair{"  shadow", &render::FrameTimes::shadow},
                            std::pair{"  geometry", &render::FrameTimes::geometry},
                            std::pair{"  lighting", &render::FrameTimes::lighting},
                            std::pair{"  resolve", &render::FrameTimes::resolve}})
    if ((produced.frame.*pass).wall_seconds > 0.0)
      print_stage(name, "producer", produced.frame.*pass, count);
  print_stage("read-back", "producer", produced.frame.read_back, count);
  for (std::size_t s = 0; s < kWriteStageNames.size(); ++s)
    if (times.write.stages[s].wall_seconds > 0.0)
      print_stage(std::string(kWriteStageNames[s]).c_str(), "writers", times.write.stages[s],
                  count);
  std::printf(
      "  (the renderer's own threads draw too: llvmpipe's CPU is in the total, not in "
      "draw's)\n");
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
  RunOptions options{
      .shard = {}, .data_dir = data_root(), .version = RAILYARD_VERSION, .progress = false};
  auto start = std::chrono::steady_clock::now();
  RunSummary summary = generate_dataset(config, options);
  double full = seconds_since(start);
  std::printf("generate (all files, annotations, merge): %7.2f s  %7.1f images/s\n", full,
              static_cast<double>(config.count) / full);
  std::printf(
      "  of which %.2f s before the first image (device, trains, probe), %.2f s making the "
      "images (%.1f images/s), %.2f s finishing the dataset's files\n",
      std::max(0.0, full - summary.seconds - summary.finalize_seconds), summary.seconds,
      static_cast<double>(config.count) / summary.seconds, summary.finalize_seconds);
  std::printf("overhead over bare rendering: %.1f%% (goal < 10%%)\n", 100.0 * (full - bare) / bare);
  std::printf("peak memory of this process: %.0f MiB\n", peak_memory_mib());
  std::printf("backend: %s\n", summary.backend.c_str());
  print_stages(config, options);
  file_system::remove_tree(config.output);
}

}  // namespace railyard
