#include "tools/dataset/dataset_run.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <thread>

#include "renderer/backends.h"
#include "tools/dataset/finalize.h"
#include "tools/dataset/input_files.h"
#include "tools/dataset/pipeline.h"
#include "tools/dataset/run_lock.h"
#include "tools/dataset/sample_factory.h"
#include "tools/dataset/writer_lock.h"
#include "tools/records/dataset_paths.h"
#include "tools/records/sample_files.h"
#include "util/atomic_file.h"
#include "util/read_file.h"

namespace railyard {
namespace {

// What killed runs left half-written, in every folder a run writes: the dataset folder at any
// depth, and this dataset's description files in the folder it shares with others.
void remove_temp_files(const DatasetPaths& paths) {
  remove_stale_temporaries_under(paths.root());
  std::filesystem::path description = paths.description_file();
  remove_stale_temp_files(description.parent_path(), description.filename().string());
  remove_stale_temp_files(description.parent_path(),
                          description.replace_extension(".jsonl").filename().string());
}

BalanceOptions balance_options(const DatasetConfig& config, const DatasetInputs& inputs) {
  BalanceOptions balance;
  balance.max_attempts = config.max_attempts;
  balance.rule_name = inputs.rule_name;
  return balance;
}

// Samples left to do for this process. A run that writes the folder alone first clears what a
// killed run left half-written; a shard leaves that to the merge, as its siblings may be writing.
// Finished samples are found by listing records/, so a job of any size starts at once.
PendingIndices remaining_samples(const DatasetPaths& paths, const Shard& shard, std::uint64_t count,
                                 const WriterLock& writers, unsigned threads, RunSummary& summary) {
  if (writers.exclusive()) remove_temp_files(paths);
  ShardIndices mine = shard.samples(count);
  std::vector<std::uint64_t> failed;
  std::vector<std::uint64_t> finished = finished_samples(
      paths, [&](std::uint64_t i) { return mine.contains(i); }, threads, failed);
  summary.skipped = finished.size();
  summary.redone = failed.size();
  return PendingIndices(mine, std::move(finished));
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

// Renders this process's first sample once, so that a frame the device cannot allocate fails
// here, with the size in the message.
void probe_render(SampleFactory& factory, const ShardIndices& owned, const DatasetConfig& config) {
  if (owned.empty()) return;
  try {
    factory(*owned.begin());
  } catch (const render::RendererError& e) {
    std::string size = config.high_res
                           ? "1920x1080"
                           : std::to_string(config.width) + "x" + std::to_string(config.height);
    throw render::RendererError("backend '" + config.backend + "' cannot render " + size +
                                " images: " + e.what());
  }
}

// Everything that can fail on a bad input or a device that cannot start happens before the
// dataset folder exists: a corrected command must not meet a half-made folder.
RunSummary run(const DatasetConfig& config, const DatasetInputs& inputs, TrainSource& trains,
               const std::string& rule_name, const RunOptions& options) {
  SceneContext scene = load_scene_context(config, inputs);
  std::vector<InputFile> input_files = hash_input_files(inputs);
  auto renderer = render::make_renderer(config.backend, backend_settings(config));
  SampleFactory factory(trains, scene, *renderer, config);
  probe_render(factory, options.shard.samples(config.count), config);

  DatasetPaths paths(dataset_identity(config, rule_name, inputs.scene_name));
  paths.create_folders();
  WriterLock writers = WriterLock::for_run(paths, options.shard);
  RunLock lock = acquire_run_lock(config, input_files, paths);
  RunSummary summary;
  summary.root = paths.root();
  summary.backend = renderer->description();
  PendingIndices todo = remaining_samples(paths, options.shard, config.count, writers,
                                          writer_threads(config), summary);
  if (summary.redone && options.progress)
    std::fprintf(
        stderr, "%s: %llu finished samples failed the check of their files; rendering them again\n",
        paths.root().c_str(), static_cast<unsigned long long>(summary.redone));

  SampleWriter writer{config, paths, rule_name, inputs.scene_name};
  Progress progress(todo.size(), "images", options.progress ? stderr : nullptr);
  run_pipeline([&](std::uint64_t i) { return factory(i); }, writer, todo, writer_threads(config),
               progress);
  summary.rendered = todo.size();
  summary.seconds = progress.elapsed_seconds();
  if (options.progress) progress.finish();
  record_run(paths, options.shard, summary);
  if (options.shard.whole()) {
    finalize_dataset({config, paths, rule_name, inputs.scene_name, lock.created_date,
                      options.version, lock.inputs});
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
    auto owned = options.shard.samples(config.count);
    Progress progress(owned.size(), "trains sampled", options.progress ? stderr : nullptr);
    for (std::uint64_t index : owned) {
      trains.train(index);
      progress.advance();
    }
    if (options.progress) progress.finish();
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
  DatasetPaths paths(dataset_identity(config, inputs.rule_name, inputs.scene_name));
  RunLock lock = read_run_lock(config, hash_input_files(inputs), paths);
  WriterLock writers = WriterLock::for_merge(paths);
  remove_temp_files(paths);
  finalize_dataset({config, paths, inputs.rule_name, inputs.scene_name, lock.created_date,
                    options.version, lock.inputs});
  return paths.root();
}

}  // namespace railyard
