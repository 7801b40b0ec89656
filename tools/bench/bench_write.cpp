// `railyard bench write`: the CPU a sample costs once its frame is in memory (annotations, the
// PNG, depth and EXR encoders, checksums, the record, the files), per stage, on one core. The
// frames are rendered first and kept; then the dataset's own writer (sample_writer.h) writes
// them into a temporary folder on this thread alone, timing each stage in this thread's CPU time.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/bench/measure.h"
#include "tools/lib/dataset/dataset_run.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/run_setup.h"
#include "util/file_system.h"

namespace railyard {
namespace {

struct WritePass {
  WriteTimes times;
  double cpu_seconds = 0.0, wall_seconds = 0.0;
};

WritePass write_pass(const DatasetOutput& output, const std::vector<RenderedSample>& samples) {
  file_system::remove_tree(output.paths().root());
  output.paths().create_folders();
  SampleWriter writer = output.writer();
  WritePass pass;
  auto start = std::chrono::steady_clock::now();
  double cpu_start = StageClock::thread_cpu_seconds();
  for (const RenderedSample& sample : samples) writer.write(sample, &pass.times);
  pass.cpu_seconds = StageClock::thread_cpu_seconds() - cpu_start;
  pass.wall_seconds = seconds_since(start);
  return pass;
}

void print_pass(const WritePass& pass, std::size_t count, int repeats) {
  const double per_image = 1e3 / static_cast<double>(count);
  std::printf("\nCPU per image on one core (the pass with the least CPU of %d):\n", repeats);
  for (std::size_t s = 0; s < kWriteStageNames.size(); ++s) {
    const StageTime& stage = pass.times.stages[s];
    double seconds = stage.cpu_seconds;
    if (seconds == 0.0) continue;  // a stage the config does not ask for
    std::printf("  %-12s %7.2f ms  %5.1f%%", std::string(kWriteStageNames[s]).c_str(),
                seconds * per_image, 100.0 * seconds / pass.cpu_seconds);
    if (stage.bytes > 0)
      std::printf("  %7.1f KiB",
                  static_cast<double>(stage.bytes) / 1024.0 / static_cast<double>(count));
    std::printf("\n");
  }
  double staged = 0.0;
  for (const StageTime& stage : pass.times.stages) staged += stage.cpu_seconds;
  std::printf("  %-12s %7.2f ms  %5.1f%%  (between stages: freeing, the record's assembly)\n",
              "other", (pass.cpu_seconds - staged) * per_image,
              100.0 * (pass.cpu_seconds - staged) / pass.cpu_seconds);
  std::printf("  %-12s %7.2f ms  (goal <= 6 ms); wall %.2f ms per image\n", "total",
              pass.cpu_seconds * per_image, pass.wall_seconds * per_image);
}

}  // namespace

void run_write_benchmark(const DatasetConfig& base, int repeats) {
  DatasetConfig config = base;
  config.output = file_system::temp_folder() / "railyard_bench_write";
  DatasetInputs inputs = resolve_inputs(config, data_root());
  SampledTrains trains = sampled_trains(config, inputs);
  RunSetup setup(config, inputs);
  SampleFactory factory = setup.factory(trains);
  std::vector<RenderedSample> samples;
  for (std::uint64_t i = 0; i < config.count; ++i) samples.push_back(factory(i));
  std::printf("bench write: %zu rendered samples %dx%d (%s, %s backend), written by one thread\n",
              samples.size(), config.width, config.height, config.scene.c_str(),
              config.backend.c_str());
  DatasetOutput output(config, inputs.rule_name, inputs.scene_name);
  WritePass best;
  for (int r = 0; r < repeats; ++r) {
    WritePass pass = write_pass(output, samples);
    if (r == 0 || pass.cpu_seconds < best.cpu_seconds) best = pass;
  }
  std::uint64_t bytes = 0;
  for (const StageTime& stage : best.times.stages) bytes += stage.bytes;
  print_pass(best, samples.size(), repeats);
  std::printf("files: %.1f KiB per image; peak memory %.0f MiB\n",
              static_cast<double>(bytes) / 1024.0 / static_cast<double>(samples.size()),
              peak_memory_mib());
  file_system::remove_tree(config.output);
}

}  // namespace railyard
