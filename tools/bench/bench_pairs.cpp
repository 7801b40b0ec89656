// `railyard bench pairs`: the cost of rendering base/intervened pairs (railyard intervene)
// against rendering the base set alone (railyard render of the pairs' base trains, read back
// from base/'s description file), per base image, and the peak memory of the pairs run (run it
// at two sizes to see that it stays flat).
#include <cstdio>
#include <filesystem>
#include <vector>

#include "tools/bench/measure.h"
#include "tools/lib/dataset/dataset_run.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/pairs/pairs_run.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/description.h"
#include "util/file_system.h"

namespace railyard {
namespace {

std::uint64_t count_lines(const std::filesystem::path& file) {
  std::FILE* in = std::fopen(file.c_str(), "r");
  if (!in) return 0;
  std::uint64_t lines = 0;
  for (int c; (c = std::fgetc(in)) != EOF;) lines += c == '\n';
  std::fclose(in);
  return lines;
}

// The description file of the pairs' base half, a dataset of its own in base/.
std::filesystem::path base_descriptions(const DatasetConfig& config,
                                        const std::filesystem::path& pairs_root) {
  DatasetInputs inputs = resolve_inputs(config, data_root());
  DatasetConfig base = config;
  base.output = pairs_root / "base";
  return DatasetPaths(dataset_identity(base, inputs.rule_name, inputs.scene_name))
      .description_file();
}

}  // namespace

void run_pairs_benchmark(DatasetConfig config) {
  config.output = file_system::temp_folder() / "railyard_bench_pairs";
  file_system::remove_tree(config.output);
  const RunOptions options{
      .shard = {}, .data_dir = data_root(), .version = RAILYARD_VERSION, .progress = false};
  std::printf("bench pairs: %llu trains %dx%d, %s backend, rule %s, interventions %s\n",
              static_cast<unsigned long long>(config.count), config.width, config.height,
              config.backend.c_str(), config.rule.c_str(),
              emit_config(config).substr(emit_config(config).find("interventions")).c_str());
  // A few images first, untimed: whichever run came first would otherwise pay alone for reading
  // the assets and for compiling the shaders that Mesa's disk cache then hands the second.
  DatasetConfig warm_up = config;
  warm_up.count = 2;
  warm_up.output = config.output / "warm_up";
  generate_dataset(warm_up, options);
  // Pairs first, so that the peak memory below is the pairs run's alone.
  Stopwatch pair_watch;
  RunSummary pairs = intervene_dataset(config, options);
  double pair_seconds = pair_watch.wall(), pair_cpu = pair_watch.cpu();
  double pair_memory = peak_memory_mib();
  std::uint64_t made = count_lines(pairs.root / "pairs.jsonl");
  std::vector<LabelledTrain> base_trains =
      read_description_file(base_descriptions(config, pairs.root));
  DatasetConfig base = config;
  base.output = config.output / "base_alone";
  base.count = base_trains.size();
  Stopwatch base_watch;
  render_trains(base, std::move(base_trains), config.rule, options);
  double base_seconds = base_watch.wall(), base_cpu = base_watch.cpu();
  double per_pair = made ? pair_seconds / static_cast<double>(made) : 0.0;
  double per_base = base.count ? base_seconds / static_cast<double>(base.count) : 0.0;
  std::printf("intervene: %llu pairs of %llu trains  %7.2f s  %7.1f ms per pair\n",
              static_cast<unsigned long long>(made), static_cast<unsigned long long>(config.count),
              pair_seconds, 1000.0 * per_pair);
  std::printf("render (the base set alone): %llu images  %7.2f s  %7.1f ms per image\n",
              static_cast<unsigned long long>(base.count), base_seconds, 1000.0 * per_base);
  std::printf(
      "pairs cost %.2fx the base set in wall time, %.2fx in CPU time, pair against base "
      "image (goal <= 2.1x)\n",
      per_pair / per_base,
      made && base.count
          ? (pair_cpu / static_cast<double>(made)) / (base_cpu / static_cast<double>(base.count))
          : 0.0);
  std::printf("peak memory of the pairs run: %.0f MiB\n", pair_memory);
  std::printf("backend: %s\n", pairs.backend.c_str());
  file_system::remove_tree(config.output);
}

}  // namespace railyard
