#include "tools/lib/dataset/pairs/pairs_run.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "logic/errors.h"
#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/pairs/pair_difference.h"
#include "tools/lib/dataset/pairs/pair_plan.h"
#include "tools/lib/dataset/pairs/pair_record.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/pairs_folder.h"
#include "tools/lib/records/pairs_manifest.h"
#include "tools/lib/records/sample_files.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/io_error.h"

namespace railyard {
namespace {

// Where a pairs dataset lives; the two halves are datasets of their own.
struct PairsLayout {
  PairsLayout(const DatasetConfig& config, const DatasetInputs& inputs)
      : root(pairs_root(config, inputs)),
        base(half_identity(config, inputs, root / "base")),
        twin(half_identity(config, inputs, root / "intervened")) {}

  std::filesystem::path root;
  DatasetPaths base, twin;

  std::filesystem::path pair_file(std::uint64_t pair) const {
    return PairsFolder::pair_file(root, pair);
  }

 private:
  static std::filesystem::path pairs_root(const DatasetConfig& config,
                                          const DatasetInputs& inputs) {
    DatasetPaths whole(dataset_identity(config, inputs.rule_name, inputs.scene_name));
    return config.output /
           (whole.root().filename().string() + "_" +
            std::string(intervention_mode_name(config.interventions.mode)) + "_pairs");
  }
  static DatasetIdentity half_identity(const DatasetConfig& config, const DatasetInputs& inputs,
                                       const std::filesystem::path& output) {
    DatasetIdentity identity = dataset_identity(config, inputs.rule_name, inputs.scene_name);
    identity.output = output;
    return identity;
  }
};

// The symbolic side, loaded once: trains, their twins, and the plan. Refusals knowable up front
// stop the run here, before any file; the plan itself is walked as the pairs are rendered, so a
// job of any count starts at once with flat memory.
struct PairSource {
  PairSource(const DatasetConfig& config, const DatasetInputs& inputs)
      : trains(sampled_trains(config, inputs)),
        planner(config, Rule::load(inputs.rule_file, inputs.background_file)) {
    check_plan_start(config, trains, planner);
  }

  SampledTrains trains;
  PairPlanner planner;
};

struct RenderedPair {
  std::uint64_t pair = 0, train = 0;
  Intervention intervention;
  RenderedSample base, twin;
};

// Both trains of a pair with one set of render options: same seed, same image stream.
RenderedPair render_pair(PlannedPair planned, const SceneContext& scene, render::Renderer& renderer,
                         const SampleSettings& settings) {
  RenderedPair rendered;
  rendered.pair = planned.pair;
  rendered.train = planned.train;
  rendered.intervention = std::move(planned.twin);
  render::RenderOptions options = settings.render_options(
      planned.train, render::PassSet::all().with(render::Pass::PartSamples));  // compare_pair
  rendered.base = render_sample(scene, renderer, options, planned.pair, std::move(planned.base));
  rendered.twin = render_sample(scene, renderer, options, planned.pair,
                                {rendered.intervention.train, rendered.intervention.label});
  return rendered;
}

// What is wrong with pair `pair` on disk (its file, or either side's sample and files under the
// cheap check), or "" when it is finished: resume's check of a pair whose base sample is, and
// finalize's of every pair.
// `train`: the plan's base train of the pair.
std::string pair_fault(const PairsLayout& layout, std::uint64_t pair, std::uint64_t train) {
  try {
    PairRecord file = read_pair_record(layout.pair_file(pair), pair);
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

// pairs.jsonl from the finished pairs, and the manifest with the flip rates.
void write_pair_files(const DatasetConfig& config, const PairsLayout& layout,
                      const std::string& rule_name, const std::string& version, std::uint64_t pairs,
                      std::uint64_t considered, std::uint64_t unpaired) {
  AtomicFile lines(layout.root / "pairs.jsonl");
  PairsManifest manifest;
  for (std::uint64_t pair = 0; pair < pairs; ++pair) {
    PairRecord record = read_pair_record(layout.pair_file(pair), pair);
    manifest.flip_rate.add(record.flipped);
    for (const std::string& kind : record.kinds)
      manifest.flip_rate_by_operation[kind].add(record.flipped);
    lines.write(pair_record_text(record));
  }
  lines.commit();
  manifest.version = version;
  manifest.mode = intervention_mode_name(config.interventions.mode);
  manifest.config = emit_dataset_config(config);
  manifest.trains = considered;
  manifest.pairs = pairs;
  manifest.unpaired = unpaired;
  manifest.flip_rate_by_rule[rule_name] = manifest.flip_rate;
  manifest.base = file_system::relative_to(layout.base.root(), layout.root).string();
  manifest.intervened = file_system::relative_to(layout.twin.root(), layout.root).string();
  write_file_atomically(layout.root / "manifest.json", pairs_manifest_text(manifest));
}

// Walks the whole plan: every pair must be finished (checked as the plan reaches it, and the
// first fault reported with the pair count once known); then both halves, unpaired.jsonl,
// pairs.jsonl and the manifest.
void finalize_pairs(const DatasetConfig& config, const PairsLayout& layout,
                    const DatasetInputs& inputs, PairSource& source, const RunLock& lock,
                    const std::string& version) {
  const std::string& created = lock.created_date;
  AtomicFile unpaired(layout.root / "unpaired.jsonl");
  std::uint64_t unpaired_count = 0;
  std::optional<std::pair<std::uint64_t, std::string>> fault;
  PairPlan plan = plan_pairs(
      config, source.trains, source.planner,
      [&](const UnpairedTrain& u) {
        unpaired.write(unpaired_line(u));
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
  // Each half is a dataset of `pairs` samples, and its manifest's config says so (with the
  // subsets that fit), so that verify remakes a half from its own manifest.
  DatasetConfig halves = config;
  halves.count = pairs;
  std::erase_if(halves.subsets, [&](std::uint64_t size) { return size > pairs; });
  if (pairs > 0)
    for (const DatasetPaths* half : {&layout.base, &layout.twin})
      finalize_dataset(
          {halves, *half, inputs.rule_name, inputs.scene_name, created, version, lock.inputs});
  unpaired.commit();
  write_pair_files(config, layout, inputs.rule_name, version, pairs, plan.considered,
                   unpaired_count);
}

// The pairs folder with both halves; finished by walking the whole plan (finalize_pairs).
class PairsOutput final : public RunOutput {
 public:
  PairsOutput(const DatasetConfig& config, const DatasetInputs& inputs, PairSource& source)
      : config_(config), inputs_(inputs), source_(source), layout_(config, inputs) {}

  const DatasetPaths& lock_folder() const override { return layout_.base; }
  std::filesystem::path root() const override { return layout_.root; }
  void create_folders() const override {
    layout_.base.create_folders();
    layout_.twin.create_folders();
    file_system::create_folders(PairsFolder::pair_files(layout_.root));
  }
  void finalize(const RunLock& lock, const std::string& version) override {
    finalize_pairs(config_, layout_, inputs_, source_, lock, version);
  }
  const PairsLayout& layout() const { return layout_; }

 private:
  const DatasetConfig& config_;
  const DatasetInputs& inputs_;
  PairSource& source_;
  PairsLayout layout_;
};

// A unit is a planned pair, its sample its base sample; its item both rendered samples. Written:
// both samples, then the pair file, which marks the pair finished.
class PairWork final : public RunWork<PlannedPair, RenderedPair> {
 public:
  PairWork(RunSetup& setup, PairSource& source, const PairsOutput& output)
      : setup_(setup),
        source_(source),
        output_(output),
        base_writer_{setup.config, output.layout().base, setup.inputs.rule_name,
                     setup.inputs.scene_name},
        twin_writer_{setup.config, output.layout().twin, setup.inputs.rule_name,
                     setup.inputs.scene_name} {}

  void begin_walk(const Shard& shard) override {
    stream_.emplace(setup_.config, source_.trains, source_.planner);
    shard_ = shard;
  }
  std::optional<PlannedPair> next_unit() override {
    while (auto pair = stream_->next())
      if (shard_.contains(pair->pair)) return pair;
    return std::nullopt;
  }
  std::uint64_t index(const PlannedPair& pair) const override { return pair.pair; }
  std::optional<std::uint64_t> unit_of(std::uint64_t sample) const override { return sample; }
  bool finished(const PlannedPair& pair) const override {
    return pair_fault(output_.layout(), pair.pair, pair.train).empty();
  }
  RenderedPair produce(PlannedPair& pair) override {
    return render_pair(std::move(pair), setup_.scene, setup_.renderer(), setup_.settings);
  }
  void write(const RenderedPair& p) const override {
    const PairsLayout& layout = output_.layout();
    base_writer_.write(p.base);
    twin_writer_.write(p.twin);
    PairDifference difference =
        compare_pair(p.base.scene, p.base.frame, p.twin.scene, p.twin.frame, p.intervention);
    // Last: the pair file marks the pair as finished.
    write_file_atomically(
        layout.pair_file(p.pair),
        pair_record_text(make_pair_record(p.pair, p.train, p.intervention, difference)));
  }
  // The number of pairs is known only once the plan has been walked: a count without a total.
  std::string unit_name() const override { return "pairs"; }

 private:
  RunSetup& setup_;
  PairSource& source_;
  const PairsOutput& output_;
  SampleWriter base_writer_, twin_writer_;
  std::optional<PairStream> stream_;
  Shard shard_;
};

}  // namespace

namespace {

// Pairs are written as files; their shards are pack's.
void refuse_shards_layout(const DatasetConfig& config) {
  if (config.outputs.layout == OutputLayout::Shards)
    throw ConfigError(
        "outputs.layout: shards is written by runs of single trains (generate, render); "
        "intervene writes its pairs as files: railyard pack makes their shards");
}

}  // namespace

RunSummary intervene_dataset(const DatasetConfig& config, const RunOptions& options) {
  refuse_shards_layout(config);
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  PairSource source(config, inputs);
  RunSetup setup(config, inputs);
  PairsOutput output(config, inputs, source);
  PairWork work(setup, source, output);
  return run_job(work, output, setup, options);
}

std::filesystem::path merge_pairs(const DatasetConfig& config, const RunOptions& options) {
  refuse_shards_layout(config);
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  PairSource source(config, inputs);
  PairsOutput output(config, inputs, source);
  return merge_run(output, config, inputs, options);
}

}  // namespace railyard
