#include "tools/dataset/dataset_run.h"

#include <nlohmann/json.hpp>
#include <thread>

#include "renderer/backends.h"
#include "tools/dataset/dataset_paths.h"
#include "tools/dataset/finalize.h"
#include "tools/dataset/pipeline.h"
#include "tools/dataset/run_lock.h"
#include "tools/dataset/sample_factory.h"
#include "util/atomic_file.h"
#include "util/read_file.h"

namespace railyard {
namespace {

BalanceOptions balance_options(const DatasetConfig& config, const DatasetInputs& inputs) {
  BalanceOptions balance;
  balance.max_attempts = config.max_attempts;
  balance.rule_name = inputs.rule_name;
  return balance;
}

// Samples left to do for this process, after clearing what a killed run left half-written.
std::vector<std::uint64_t> remaining_samples(const DatasetPaths& paths, const Shard& shard,
                                             std::uint64_t count, std::uint64_t& skipped) {
  for (const auto& folder : {paths.images(), paths.depths(), paths.records()})
    remove_stale_temp_files(folder);
  std::vector<std::uint64_t> todo;
  for (std::uint64_t index : shard.samples(count)) {
    if (std::filesystem::exists(paths.record(index)))
      ++skipped;
    else
      todo.push_back(index);
  }
  return todo;
}

// runs/shard-<i>-of-<N>.json: this shard's wall time, added to what earlier (killed) runs of the
// same shard spent, for the manifest.
void record_run(const DatasetPaths& paths, const Shard& shard, const RunSummary& summary) {
  auto path = paths.runs() / ("shard-" + std::to_string(shard.index) + "-of-" +
                              std::to_string(shard.count) + ".json");
  double earlier = 0.0;
  if (std::filesystem::exists(path)) {
    auto bytes = read_file_bytes(path);
    auto previous = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (!previous.is_discarded()) earlier = previous.value("wall_seconds", 0.0);
  }
  nlohmann::json run = {{"shard", std::to_string(shard.index) + "/" + std::to_string(shard.count)},
                        {"wall_seconds", earlier + summary.seconds},
                        {"rendered_last_run", summary.rendered},
                        {"backend", summary.backend}};
  write_file_atomically(path, run.dump(2) + "\n");
}

unsigned writer_threads(const DatasetConfig& config) {
  unsigned cores =
      config.threads ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, cores);
}

RunSummary run(const DatasetConfig& config, const DatasetInputs& inputs, TrainSource& trains,
               const std::string& rule_name, const RunOptions& options) {
  SceneContext scene = load_scene_context(config, inputs);
  DatasetPaths paths(config, rule_name, inputs.scene_name);
  paths.create_folders();
  RunLock lock = acquire_run_lock(config, paths);
  RunSummary summary;
  summary.root = paths.root();
  auto todo = remaining_samples(paths, options.shard, config.count, summary.skipped);

  auto renderer = render::make_renderer(config.backend, backend_settings(config));
  summary.backend = renderer->description();
  SampleFactory factory(trains, scene, *renderer, config);
  SampleWriter writer{config, paths, rule_name, inputs.scene_name};
  Progress progress(todo.size(), "images", options.progress ? stderr : nullptr);
  run_pipeline([&](std::uint64_t i) { return factory(i); }, writer, todo, writer_threads(config),
               progress);
  summary.rendered = todo.size();
  summary.seconds = progress.elapsed_seconds();
  if (options.progress) progress.finish();
  record_run(paths, options.shard, summary);
  if (options.shard.whole()) {
    finalize_dataset(
        {config, paths, rule_name, inputs.scene_name, lock.created_date, options.version});
    summary.finalized = true;
  }
  return summary;
}

}  // namespace

RunSummary generate_dataset(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  BalanceOptions balance = balance_options(config, inputs);
  SampledTrains trains(config.sampler, Rule::load(inputs.rule_file, inputs.background_file),
                       balance, config.seed);
  // An unreachable class shows up here, before any folder is made or image rendered. With
  // combination filters (exclude, require, confounder) any index may be the one that cannot be
  // filled, so every index of this process is sampled first (symbolic: fast next to rendering).
  if (config.sampler.filters.empty()) {
    trains.train(0);
    if (config.count > 1) trains.train(1);
  } else {
    for (std::uint64_t index : options.shard.samples(config.count)) trains.train(index);
  }
  return run(config, inputs, trains, balance.rule_name, options);
}

RunSummary render_trains(const DatasetConfig& config, std::vector<LabelledTrain> list,
                         const std::string& rule_name, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  DescribedTrains trains(std::move(list));
  return run(config, inputs, trains, rule_name, options);
}

std::function<render::Scene(std::uint64_t)> dataset_scenes(const DatasetConfig& config,
                                                           const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  BalanceOptions balance = balance_options(config, inputs);
  auto trains = std::make_shared<SampledTrains>(
      config.sampler, Rule::load(inputs.rule_file, inputs.background_file), balance, config.seed);
  auto scene = std::make_shared<SceneContext>(load_scene_context(config, inputs));
  return [trains, scene, count = config.count](std::uint64_t index) {
    if (index >= count) {
      throw std::out_of_range("train " + std::to_string(index) + ": the dataset has " +
                              std::to_string(count) + " trains");
    }
    return layout_scene(*scene, trains->train(index).train).scene;
  };
}

std::filesystem::path merge_dataset(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  DatasetPaths paths(config, inputs.rule_name, inputs.scene_name);
  RunLock lock = read_run_lock(config, paths);
  finalize_dataset(
      {config, paths, inputs.rule_name, inputs.scene_name, lock.created_date, options.version});
  return paths.root();
}

}  // namespace railyard
