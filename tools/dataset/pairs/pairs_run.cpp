#include "tools/dataset/pairs/pairs_run.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

#include "renderer/backends.h"
#include "tools/dataset/finalize.h"
#include "tools/dataset/input_files.h"
#include "tools/dataset/pairs/pair_difference.h"
#include "tools/dataset/pairs/pair_plan.h"
#include "tools/dataset/pairs/pair_record.h"
#include "tools/dataset/pipeline.h"
#include "tools/dataset/run_lock.h"
#include "tools/dataset/sample_factory.h"
#include "tools/dataset/writer_lock.h"
#include "tools/records/dataset_paths.h"
#include "tools/records/sample_files.h"
#include "util/atomic_file.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

DatasetConfig half_config(const DatasetConfig& config, const std::filesystem::path& output,
                          std::uint64_t pairs) {
  DatasetConfig half = config;
  half.output = output;
  half.count = pairs;
  std::erase_if(half.subsets, [&](std::uint64_t size) { return size > pairs; });
  return half;
}

// Where a pairs dataset lives; the two halves are datasets of their own (sub-configs). The pair
// count (each half's count) is known once the plan has been walked to its end: set_pairs.
struct PairsLayout {
  std::filesystem::path root;
  DatasetConfig base_config, twin_config;  // output and count of each half
  DatasetPaths base, twin;

  void set_pairs(std::uint64_t pairs) {
    base_config = half_config(base_config, base_config.output, pairs);
    twin_config = half_config(twin_config, twin_config.output, pairs);
  }

  std::filesystem::path pair_file(std::uint64_t pair) const {
    return root / "pairs" / (std::to_string(pair) + ".json");
  }
};

// The halves' counts are the config's until set_pairs (the folders do not depend on them).
PairsLayout pairs_layout(const DatasetConfig& config, const DatasetInputs& inputs) {
  std::uint64_t pairs = config.count;
  DatasetPaths whole(dataset_identity(config, inputs.rule_name, inputs.scene_name));
  auto root =
      config.output / (whole.root().filename().string() + "_" +
                       std::string(intervention_mode_name(config.interventions.mode)) + "_pairs");
  DatasetConfig base = half_config(config, root / "base", pairs);
  DatasetConfig twin = half_config(config, root / "intervened", pairs);
  DatasetPaths base_paths(dataset_identity(base, inputs.rule_name, inputs.scene_name));
  DatasetPaths twin_paths(dataset_identity(twin, inputs.rule_name, inputs.scene_name));
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

// Both trains of a pair with one set of render options: same seed, same image stream.
RenderedPair render_pair(PlannedPair planned, const SceneContext& scene, render::Renderer& renderer,
                         const DatasetConfig& config) {
  RenderedPair rendered;
  std::uint64_t pair = planned.pair, train = planned.train;
  rendered.pair = pair;
  rendered.train = train;
  LabelledTrain base = std::move(planned.base);
  rendered.intervention = std::move(planned.twin);
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
// `train`: the plan's base train of the pair.
std::string pair_fault(const PairsLayout& layout, std::uint64_t pair, std::uint64_t train) {
  try {
    PairFile file = read_pair_file(layout.pair_file(pair), pair);
    if (file.train != train)
      return layout.pair_file(pair).string() + ": the pair of train " + std::to_string(file.train) +
             ", planned for train " + std::to_string(train);
  } catch (const std::exception& e) {
    return e.what();
  }
  for (const DatasetPaths* side : {&layout.base, &layout.twin})
    if (!finished_sample(*side, pair))
      return side->record(pair).string() + ": missing, or its files fail their check";
  return "";
}

// The pairs of pairs/<p>.json files this shard owns, ascending, from one listing of the folder:
// the candidates for "finished", each checked when the plan reaches it. Memory grows with the
// pairs done, never with the count.
std::vector<std::uint64_t> listed_pairs(const PairsLayout& layout, const Shard& shard) {
  return listed_indices(layout.root / "pairs",
                        [&](std::uint64_t pair) { return shard.contains(pair); });
}

// The pairs this process still renders, in order, computed as the plan is walked: the shard's
// pairs, less those finished (a pair file of the planned train and both samples pass their
// check); any other is rendered (again). An input range: walk it once.
class PendingPairs {
 public:
  struct End {};
  class iterator {
   public:
    explicit iterator(PendingPairs& owner) : owner_(&owner) {}
    PlannedPair& operator*() const { return *owner_->current_; }
    iterator& operator++() {
      owner_->advance();
      return *this;
    }
    bool operator==(End) const { return !owner_->current_; }

   private:
    PendingPairs* owner_;
  };

  PendingPairs(PairStream& stream, const PairsLayout& layout, const Shard& shard,
               std::vector<std::uint64_t> listed)
      : stream_(stream), layout_(layout), shard_(shard), listed_(std::move(listed)) {}

  iterator begin() {
    advance();
    return iterator(*this);
  }
  End end() const { return {}; }
  std::uint64_t skipped() const { return skipped_; }

 private:
  void advance() {
    current_.reset();
    while (auto pair = stream_.next()) {
      if (!shard_.contains(pair->pair)) continue;
      while (next_listed_ < listed_.size() && listed_[next_listed_] < pair->pair) ++next_listed_;
      bool listed = next_listed_ < listed_.size() && listed_[next_listed_] == pair->pair;
      if (listed && pair_fault(layout_, pair->pair, pair->train).empty()) {
        ++skipped_;
        continue;
      }
      current_ = std::move(pair);
      return;
    }
  }

  PairStream& stream_;
  const PairsLayout& layout_;
  Shard shard_;
  std::vector<std::uint64_t> listed_;
  std::size_t next_listed_ = 0;
  std::optional<PlannedPair> current_;
  std::uint64_t skipped_ = 0;
};

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

// Walks the whole plan: every pair must be finished (checked as the plan reaches it, and the
// first fault reported with the pair count once known); then both halves, unpaired.jsonl,
// pairs.jsonl and the manifest.
void finalize_pairs(const DatasetConfig& config, PairsLayout& layout, const DatasetInputs& inputs,
                    PairSource& source, const RunLock& lock, const std::string& version) {
  const std::string& created = lock.created_date;
  AtomicFile unpaired(layout.root / "unpaired.jsonl");
  std::uint64_t unpaired_count = 0;
  std::optional<std::pair<std::uint64_t, std::string>> fault;
  PairPlan plan = plan_pairs(
      config, source.trains, source.planner,
      [&](const Unpaired& u) {
        unpaired.write(nlohmann::ordered_json{{"train", u.train}, {"reason", u.reason}}.dump() +
                       "\n");
        ++unpaired_count;
      },
      [&](const PlannedPair& p) {
        if (fault) return;
        if (std::string why = pair_fault(layout, p.pair, p.train); !why.empty())
          fault.emplace(p.pair, std::move(why));
      });
  std::uint64_t pairs = plan.pairs;
  if (fault)
    throw std::runtime_error("pair " + std::to_string(fault->first) + " of " +
                             std::to_string(pairs) + " is not finished (" + fault->second +
                             "): run the missing shards, or intervene again with the same "
                             "config, which renders it (again), first");
  layout.set_pairs(pairs);
  if (pairs > 0) {
    finalize_dataset({layout.base_config, layout.base, inputs.rule_name, inputs.scene_name, created,
                      version, lock.inputs});
    finalize_dataset({layout.twin_config, layout.twin, inputs.rule_name, inputs.scene_name, created,
                      version, lock.inputs});
  }
  unpaired.commit();
  write_pair_files(config, layout, inputs.rule_name, version, pairs, plan.considered,
                   unpaired_count);
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
  // Refusals knowable up front stop the run here, before any file; the plan itself is walked as
  // the pairs are rendered, so a job of any count starts at once with flat memory.
  check_plan_start(config, source.trains, source.planner);
  SceneContext scene = load_scene_context(config, inputs);
  std::vector<InputFile> input_files = hash_input_files(inputs);
  auto renderer = render::make_renderer(config.backend, backend_settings(config));
  {
    // A frame the device cannot allocate fails here, before any folder exists.
    PairStream stream(config, source.trains, source.planner);
    while (auto pair = stream.next())
      if (options.shard.contains(pair->pair)) {
        render_pair(std::move(*pair), scene, *renderer, config);
        break;
      }
  }

  PairsLayout layout = pairs_layout(config, inputs);
  create_folders(layout);
  WriterLock writers = WriterLock::for_run(layout.base, options.shard);
  RunLock lock = acquire_run_lock(config, input_files, layout.base);
  RunSummary summary;
  summary.root = layout.root;
  summary.backend = renderer->description();
  if (writers.exclusive()) remove_temp_files(layout);
  PairStream stream(config, source.trains, source.planner);
  PendingPairs todo(stream, layout, options.shard, listed_pairs(layout, options.shard));

  SampleWriter base_writer{layout.base_config, layout.base, inputs.rule_name, inputs.scene_name};
  SampleWriter twin_writer{layout.twin_config, layout.twin, inputs.rule_name, inputs.scene_name};
  // The number of pairs is known only once the plan has been walked: a count without a total.
  Progress progress("pairs", options.progress ? stderr : nullptr);
  unsigned cores =
      config.threads ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  std::uint64_t rendered = 0;
  run_work_pipeline<RenderedPair>(
      [&](PlannedPair& pair) {
        ++rendered;
        return render_pair(std::move(pair), scene, *renderer, config);
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
  summary.rendered = rendered;
  summary.skipped = todo.skipped();
  summary.seconds = progress.elapsed_seconds();
  if (options.progress) progress.finish();
  if (options.shard.whole()) {
    finalize_pairs(config, layout, inputs, source, lock, options.version);
    summary.finalized = true;
  }
  return summary;
}

std::filesystem::path merge_pairs(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  PairSource source(config, inputs);
  check_plan_start(config, source.trains, source.planner);
  PairsLayout layout = pairs_layout(config, inputs);
  RunLock lock = read_run_lock(config, hash_input_files(inputs), layout.base);
  WriterLock writers = WriterLock::for_merge(layout.base);
  remove_temp_files(layout);
  finalize_pairs(config, layout, inputs, source, lock, options.version);
  return layout.root;
}

}  // namespace railyard
