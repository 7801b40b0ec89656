#include "tools/dataset/pairs/pairs_run.h"

#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>

#include "renderer/backends.h"
#include "tools/dataset/dataset_paths.h"
#include "tools/dataset/finalize.h"
#include "tools/dataset/input_files.h"
#include "tools/dataset/pairs/pair_difference.h"
#include "tools/dataset/pairs/pair_plan.h"
#include "tools/dataset/pairs/pair_record.h"
#include "tools/dataset/pipeline.h"
#include "tools/dataset/run_lock.h"
#include "tools/dataset/sample_files.h"
#include "tools/dataset/sample_factory.h"
#include "tools/dataset/writer_lock.h"
#include "util/atomic_file.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

// Where a pairs dataset lives; the two halves are datasets of their own (sub-configs).
struct PairsLayout {
  std::filesystem::path root;
  DatasetConfig base_config, twin_config;  // output and count of each half
  DatasetPaths base, twin;

  std::filesystem::path pair_file(std::uint64_t pair) const {
    return root / "pairs" / (std::to_string(pair) + ".json");
  }
};

DatasetConfig half_config(const DatasetConfig& config, const std::filesystem::path& output,
                          std::uint64_t pairs) {
  DatasetConfig half = config;
  half.output = output;
  half.count = pairs;
  std::erase_if(half.subsets, [&](std::uint64_t size) { return size > pairs; });
  return half;
}

PairsLayout pairs_layout(const DatasetConfig& config, const DatasetInputs& inputs,
                         std::uint64_t pairs) {
  DatasetPaths whole(config, inputs.rule_name, inputs.scene_name);
  auto root =
      config.output / (whole.root().filename().string() + "_" +
                       std::string(intervention_mode_name(config.interventions.mode)) + "_pairs");
  DatasetConfig base = half_config(config, root / "base", pairs);
  DatasetConfig twin = half_config(config, root / "intervened", pairs);
  DatasetPaths base_paths(base, inputs.rule_name, inputs.scene_name);
  DatasetPaths twin_paths(twin, inputs.rule_name, inputs.scene_name);
  return {root, std::move(base), std::move(twin), std::move(base_paths), std::move(twin_paths)};
}

// The symbolic side, loaded once: trains, their twins, and the plan.
struct PairSource {
  PairSource(const DatasetConfig& config, const DatasetInputs& inputs)
      : trains(config.sampler, Rule::load(inputs.rule_file, inputs.background_file),
               balance(config, inputs), config.seed),
        planner(config, Rule::load(inputs.rule_file, inputs.background_file)) {}

  static BalanceOptions balance(const DatasetConfig& config, const DatasetInputs& inputs) {
    BalanceOptions options;
    options.max_attempts = config.max_attempts;
    options.rule_name = inputs.rule_name;
    return options;
  }

  SampledTrains trains;
  PairPlanner planner;
};

struct RenderedPair {
  std::uint64_t pair = 0, train = 0;
  Intervention intervention;
  RenderedSample base, twin;
};

RenderedSample render_sample(std::uint64_t pair, LabelledTrain train, const SceneContext& scene,
                             render::Renderer& renderer, const render::RenderOptions& options) {
  RenderedSample sample;
  sample.index = pair;
  sample.train = std::move(train);
  sample.published = sample.train.label;
  sample.scene = layout_scene(scene, sample.train.train);
  sample.frame = renderer.render(sample.scene.scene, options);
  return sample;
}

// Both trains of pair `pair` with one set of render options: same seed, same image stream.
RenderedPair render_pair(std::uint64_t pair, std::uint64_t train, PairSource& source,
                         const SceneContext& scene, render::Renderer& renderer,
                         const DatasetConfig& config) {
  RenderedPair rendered;
  rendered.pair = pair;
  rendered.train = train;
  LabelledTrain base = source.trains.train(train);
  Expected<Intervention> twin = source.planner.twin(train, base.train);
  rendered.intervention = std::move(twin.value());  // the plan said it has one
  render::RenderOptions options;
  options.samples = config.samples;
  options.seed = config.seed;
  options.image_index = static_cast<int>(train);
  options.local_lighting = config.local_lighting;
  options.passes = render::PassSet::all().with(render::Pass::PartSamples);  // compare_pair
  rendered.base = render_sample(pair, std::move(base), scene, renderer, options);
  rendered.twin = render_sample(pair, {rendered.intervention.train, rendered.intervention.label},
                                scene, renderer, options);
  return rendered;
}

// What killed runs left half-written, at any depth (both halves, their descriptions, pairs/, the
// dataset-wide files); only safe for a process that writes the folder alone.
void remove_temp_files(const PairsLayout& layout) {
  remove_stale_temporaries_under(layout.root);
}

// What is wrong with pair `pair` on disk (its file, or either side's sample and files under the
// cheap check), or "" when it is finished.
std::string pair_fault(const PairsLayout& layout, const PairPlan& plan, std::uint64_t pair) {
  try {
    PairFile file = read_pair_file(layout.pair_file(pair), pair);
    if (file.train != plan.trains[pair])
      return layout.pair_file(pair).string() + ": the pair of train " +
             std::to_string(file.train) + ", planned for train " +
             std::to_string(plan.trains[pair]);
  } catch (const std::exception& e) {
    return e.what();
  }
  for (const DatasetPaths* side : {&layout.base, &layout.twin})
    if (!finished_sample(*side, pair))
      return side->record(pair).string() + ": missing, or its files fail their check";
  return "";
}

// A pair is finished when its file and both its samples are; any other is rendered (again).
std::vector<std::uint64_t> remaining_pairs(const PairsLayout& layout, const PairPlan& plan,
                                           const Shard& shard, const WriterLock& writers,
                                           std::uint64_t& skipped) {
  if (writers.exclusive()) remove_temp_files(layout);
  std::vector<std::uint64_t> todo;
  for (std::uint64_t pair : shard.samples(plan.trains.size())) {
    if (pair_fault(layout, plan, pair).empty())
      ++skipped;
    else
      todo.push_back(pair);
  }
  return todo;
}

// Flip counts of one group of pairs (an operation kind, a rule).
struct FlipTally {
  std::uint64_t pairs = 0, flipped = 0;

  void add(bool flip) {
    ++pairs;
    flipped += flip;
  }
  nlohmann::ordered_json json() const {
    return {{"pairs", pairs},
            {"flipped", flipped},
            {"flip_rate", pairs ? static_cast<double>(flipped) / static_cast<double>(pairs) : 0.0}};
  }
};

// pairs.jsonl from the finished pairs, and the manifest with the flip rates.
void write_pair_files(const DatasetConfig& config, const PairsLayout& layout,
                      const std::string& rule_name, const std::string& version, std::uint64_t pairs,
                      std::uint64_t considered, std::uint64_t unpaired) {
  AtomicFile lines(layout.root / "pairs.jsonl");
  FlipTally all;
  std::map<std::string, FlipTally> by_kind;
  for (std::uint64_t pair = 0; pair < pairs; ++pair) {
    PairFile file = read_pair_file(layout.pair_file(pair), pair);
    all.add(file.flipped);
    for (const std::string& kind : file.kinds) by_kind[kind].add(file.flipped);
    lines.write(file.line + "\n");
  }
  lines.commit();
  nlohmann::ordered_json kinds = nlohmann::ordered_json::object();
  for (const auto& [kind, tally] : by_kind) kinds[kind] = tally.json();
  nlohmann::ordered_json manifest = {
      {"tool", "railyard"},
      {"version", version},
      {"mode", intervention_mode_name(config.interventions.mode)},
      {"config", emit_dataset_config(config)},
      {"trains", considered},
      {"pairs", pairs},
      {"unpaired", unpaired},
      {"flip_rate", all.json()},
      {"flip_rate_by_operation", std::move(kinds)},
      {"flip_rate_by_rule", {{rule_name, all.json()}}},
      {"base", std::filesystem::relative(layout.base.root(), layout.root).string()},
      {"intervened", std::filesystem::relative(layout.twin.root(), layout.root).string()}};
  write_file_atomically(layout.root / "manifest.json", manifest.dump(2) + "\n");
}

struct Planned {
  PairPlan plan;
  std::string unpaired;  // unpaired.jsonl
  std::uint64_t unpaired_count = 0;
};

Planned plan(const DatasetConfig& config, PairSource& source) {
  Planned planned;
  planned.plan = plan_pairs(config, source.trains, source.planner, [&](const Unpaired& u) {
    planned.unpaired +=
        nlohmann::ordered_json{{"train", u.train}, {"reason", u.reason}}.dump() + "\n";
    ++planned.unpaired_count;
  });
  return planned;
}

void finalize_pairs(const DatasetConfig& config, const PairsLayout& layout,
                    const DatasetInputs& inputs, const Planned& planned, const RunLock& lock,
                    const std::string& version) {
  const std::string& created = lock.created_date;
  std::uint64_t pairs = planned.plan.trains.size();
  for (std::uint64_t pair = 0; pair < pairs; ++pair)
    if (std::string fault = pair_fault(layout, planned.plan, pair); !fault.empty())
      throw std::runtime_error("pair " + std::to_string(pair) + " of " + std::to_string(pairs) +
                               " is not finished (" + fault +
                               "): run the missing shards, or intervene again with the same "
                               "config, which renders it (again), first");
  if (pairs > 0) {
    finalize_dataset({layout.base_config, layout.base, inputs.rule_name, inputs.scene_name, created,
                      version, lock.inputs});
    finalize_dataset({layout.twin_config, layout.twin, inputs.rule_name, inputs.scene_name, created,
                      version, lock.inputs});
  }
  write_file_atomically(layout.root / "unpaired.jsonl", planned.unpaired);
  write_pair_files(config, layout, inputs.rule_name, version, pairs, planned.plan.considered,
                   planned.unpaired_count);
}

void create_folders(const PairsLayout& layout) {
  layout.base.create_folders();
  layout.twin.create_folders();
  std::error_code error;
  std::filesystem::create_directories(layout.root / "pairs", error);
  if (error) throw IoError("cannot create folder " + (layout.root / "pairs").string());
}

}  // namespace

RunSummary intervene_dataset(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  PairSource source(config, inputs);
  Planned planned = plan(config, source);  // refusals stop the run here, before any file
  std::uint64_t pairs = planned.plan.trains.size();
  SceneContext scene = load_scene_context(config, inputs);
  std::vector<InputFile> input_files = hash_input_files(inputs);
  auto renderer = render::make_renderer(config.backend, backend_settings(config));
  // A frame the device cannot allocate fails here, before any folder exists.
  if (auto owned = options.shard.samples(pairs); !owned.empty())
    render_pair(*owned.begin(), planned.plan.trains[*owned.begin()], source, scene, *renderer,
                config);

  PairsLayout layout = pairs_layout(config, inputs, pairs);
  create_folders(layout);
  WriterLock writers = WriterLock::for_run(layout.base, options.shard);
  RunLock lock = acquire_run_lock(config, input_files, layout.base);
  RunSummary summary;
  summary.root = layout.root;
  summary.backend = renderer->description();
  auto todo = remaining_pairs(layout, planned.plan, options.shard, writers, summary.skipped);

  SampleWriter base_writer{layout.base_config, layout.base, inputs.rule_name, inputs.scene_name};
  SampleWriter twin_writer{layout.twin_config, layout.twin, inputs.rule_name, inputs.scene_name};
  Progress progress(todo.size(), "pairs", options.progress ? stderr : nullptr);
  unsigned cores =
      config.threads ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  run_work_pipeline<RenderedPair>(
      [&](std::uint64_t pair) {
        return render_pair(pair, planned.plan.trains[pair], source, scene, *renderer, config);
      },
      [&](const RenderedPair& p) {
        base_writer.write(p.base);
        twin_writer.write(p.twin);
        PairDifference difference =
            compare_pair(p.base.scene, p.base.frame, p.twin.scene, p.twin.frame, p.intervention);
        // Last: the pair file marks the pair as finished.
        write_file_atomically(layout.pair_file(p.pair),
                              pair_json(p.pair, p.train, p.intervention, difference).dump() + "\n");
      },
      todo, cores, progress);
  summary.rendered = todo.size();
  summary.seconds = progress.elapsed_seconds();
  if (options.progress) progress.finish();
  if (options.shard.whole()) {
    finalize_pairs(config, layout, inputs, planned, lock, options.version);
    summary.finalized = true;
  }
  return summary;
}

std::filesystem::path merge_pairs(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  PairSource source(config, inputs);
  Planned planned = plan(config, source);
  PairsLayout layout = pairs_layout(config, inputs, planned.plan.trains.size());
  RunLock lock = read_run_lock(config, hash_input_files(inputs), layout.base);
  WriterLock writers = WriterLock::for_merge(layout.base);
  remove_temp_files(layout);
  finalize_pairs(config, layout, inputs, planned, lock, options.version);
  return layout.root;
}

}  // namespace railyard
