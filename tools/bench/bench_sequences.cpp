// `railyard bench sequences`: what temporal sequences cost (issue #26). Planning: the walks of
// `--count` sequences over the formula's automaton on one thread (goal: 100,000 sequences of 10-20
// steps under 10 s). Sampling: the same plans made into trains (Prolog predicates per draw).
// Rendering: a sequence set against the same number of single images of the same config, in
// the same run (goal: within 5%).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>

#include "logic/errors.h"
#include "tools/bench/measure.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/dataset/sequences/sequence_model.h"
#include "util/external_program.h"
#include "util/file_system.h"

namespace railyard {
namespace {

using Clock = std::chrono::steady_clock;

// Seconds of a whole run of `config` into a fresh folder, the best of `repeats`.
double generate_seconds(DatasetConfig config, const std::filesystem::path& folder, int repeats,
                        std::uint64_t& images) {
  config.output = folder;
  const RunOptions options{
      .shard = {}, .data_dir = data_root(), .version = "bench", .progress = false};
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    file_system::remove_tree(folder);
    auto start = Clock::now();
    RunSummary summary = generate_dataset(config, options);
    best = std::min(best, seconds_since(start));
    images = file_system::list_folder(summary.root / "images").size();
  }
  return best;
}

void compare_rendering(const DatasetConfig& config, std::uint64_t sequences, int repeats) {
  TemporaryFolder scratch("railyard-bench-sequences");
  DatasetConfig as_sequences = config;
  as_sequences.count = sequences;
  as_sequences.exports.clear();
  std::uint64_t images = 0;
  double sequence_seconds = generate_seconds(as_sequences, scratch.path() / "seq", repeats, images);
  DatasetConfig singles = as_sequences;
  singles.sequence = {};
  singles.count = images;
  std::uint64_t single_images = 0;
  double single_seconds = generate_seconds(singles, scratch.path() / "one", repeats, single_images);
  double per_step = sequence_seconds / static_cast<double>(images);
  double per_image = single_seconds / static_cast<double>(single_images);
  std::printf("rendering  %llu sequences, %llu steps: %.2f s (%.2f ms per step)\n",
              static_cast<unsigned long long>(sequences), static_cast<unsigned long long>(images),
              sequence_seconds, 1e3 * per_step);
  std::printf("           %llu single images: %.2f s (%.2f ms per image)\n",
              static_cast<unsigned long long>(single_images), single_seconds, 1e3 * per_image);
  std::printf(
      "           a step costs %.1f%% of a single image (goal: within 5%%), %dx%d, %s, best "
      "of %d\n",
      100.0 * per_step / per_image, config.width, config.height, config.backend.c_str(), repeats);
}

void run_sequences_bench(const std::string& file, std::uint64_t count, std::uint64_t sampled,
                         std::uint64_t rendered, int repeats) {
  DatasetConfig config = build_config(file, {});
  if (!config.sequence.enabled())
    throw ConfigError(file + ": has no sequence.formula: not a sequence config");
  config.count = std::max<std::uint64_t>(1, std::max(sampled, rendered));
  DatasetInputs inputs = resolve_inputs(config, data_root());
  auto start = Clock::now();
  SequenceModel model(config, inputs);
  double setup = seconds_since(start);
  std::printf("bench sequences: %s\nformula %s, %u states, %zu predicates, %llu-%llu steps\n",
              file.c_str(), config.sequence.formula.c_str(), model.automaton().state_count(),
              model.names().size(), static_cast<unsigned long long>(config.sequence.min_length),
              static_cast<unsigned long long>(config.sequence.max_length));
  std::printf("setup      %.3f s (predicates loaded, automaton, %llu trains to measure rates)\n",
              setup, static_cast<unsigned long long>(model.rates().trains));

  start = Clock::now();
  std::uint64_t steps = 0, positive = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    sequences::SequencePlan plan = model.planner().plan(config.seed, i);
    steps += plan.letters.size();
    positive += plan.label;
  }
  double planning = seconds_since(start);
  std::printf(
      "planning   %llu sequences (%llu steps, %llu positive) in %.3f s on one thread, "
      "%.0fk sequences/s (goal: 100,000 in under 10 s)\n",
      static_cast<unsigned long long>(count), static_cast<unsigned long long>(steps),
      static_cast<unsigned long long>(positive), planning,
      static_cast<double>(count) / planning / 1e3);

  SequenceSampler sampler = model.sampler();
  start = Clock::now();
  steps = 0;
  for (std::uint64_t i = 0; i < sampled; ++i) steps += sampler.sequence(i).steps.size();
  double sampling = seconds_since(start);
  std::printf("sampling   %llu sequences' trains (%llu steps) in %.3f s, %.0f steps/s\n",
              static_cast<unsigned long long>(sampled), static_cast<unsigned long long>(steps),
              sampling, static_cast<double>(steps) / sampling);
  if (rendered > 0) compare_rendering(config, rendered, repeats);
}

}  // namespace

void add_sequences_bench(CLI::App& bench) {
  struct Options {
    std::string config = "configs/sequences/ltlzinc_task1_short.yaml";
    std::uint64_t count = 100'000;
    std::uint64_t sampled = 1000;
    std::uint64_t rendered = 40;
    int repeats = 2;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = bench.add_subcommand(
      "sequences", "temporal sequences: planning, sampling, and rendering against single images");
  command->add_option("config", options->config, "a config with a sequence: section")
      ->capture_default_str();
  command->add_option("-n,--count", options->count, "sequences to plan")->capture_default_str();
  command->add_option("--sampled", options->sampled, "sequences made into trains")
      ->capture_default_str();
  command
      ->add_option("--rendered", options->rendered,
                   "sequences rendered, against as many single images (0: skip)")
      ->capture_default_str();
  command->add_option("--repeats", options->repeats, "renders of each, the best kept")
      ->capture_default_str();
  command->callback([options] {
    run_sequences_bench(options->config, options->count, options->sampled, options->rendered,
                        options->repeats);
  });
}

}  // namespace railyard
