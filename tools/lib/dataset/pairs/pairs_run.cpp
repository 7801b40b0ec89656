#include "tools/lib/dataset/pairs/pairs_run.h"

#include <optional>
#include <stdexcept>

#include "logic/errors.h"
#include "tools/lib/dataset/pairs/pair_difference.h"
#include "tools/lib/dataset/pairs/pair_plan.h"
#include "tools/lib/dataset/pairs/pair_record.h"
#include "tools/lib/dataset/pairs/pairs_finalize.h"
#include "tools/lib/dataset/pairs/pairs_layout.h"
#include "tools/lib/dataset/splits.h"
#include "tools/lib/dataset/tar_shard_run.h"
#include "tools/lib/dataset/tar_shard_sink.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/pairs_folder.h"
#include "tools/lib/shards/shard_layout.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {
namespace {

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

// The plan walked whole before any image, for a run writing tar shards: each pair's base train,
// and its split (the base half's, as its finalize splits it: pack's split of the pair), so that
// every shard's pairs are known. A refusal anywhere in the plan stops the run here, before any
// folder. Memory: nine bytes per pair.
struct PairShards {
  PairShards(const DatasetConfig& config, PairSource& source, bool progress) {
    std::vector<Direction> labels;
    Progress planned(BaseTrains(config.interventions, config.count).size(),
                     "base trains planned for the shards' splits", progress ? stderr : nullptr);
    plan_pairs(
        config, source.trains, source.planner, [&](const UnpairedTrain&) { planned.advance(); },
        [&](const PlannedPair& pair) {
          train_of.push_back(pair.train);
          labels.push_back(pair.base.label);
          planned.advance();
        });
    if (progress) planned.finish();
    const DatasetConfig halves = half_config(config, train_of.size());
    split_of = split_of_indices(make_splits(labels, halves.splits, halves.subsets, halves.seed),
                                train_of.size());
  }

  std::vector<std::uint64_t> train_of;  // pair p's base train
  std::vector<std::uint8_t> split_of;   // pair p's split
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
  rendered.base =
      begin_sample(scene, renderer, options, planned.pair, std::move(planned.base)).finish();
  rendered.twin = begin_sample(scene, renderer, options, planned.pair,
                               {rendered.intervention.train, rendered.intervention.label})
                      .finish();
  return rendered;
}

// The pairs folder with both halves; finished by walking the whole plan (finalize_pairs).
class PairsOutput final : public RunOutput {
 public:
  PairsOutput(const DatasetConfig& config, const DatasetInputs& inputs, PairSource& source)
      : config_(config), inputs_(inputs), source_(source), layout_(config, inputs) {}

  const DatasetPaths& lock_folder() const override { return layout_.base; }
  std::filesystem::path root() const override { return layout_.root; }
  void create_folders() const override {
    layout_.base.create_folders(!shards_);
    layout_.twin.create_folders(!shards_);
    if (shards_)
      keep_shard_plan(layout_.root, *shards_, "pairs");
    else
      file_system::create_folders(PairsFolder::pair_files(layout_.root));
  }
  void finalize(const RunLock& lock, const std::string& version) override {
    finalize_pairs(config_, layout_, inputs_, source_.trains, source_.planner, lock, version,
                   shards_);
  }
  const PairsLayout& layout() const { return layout_; }
  // A run with outputs.layout: shards writes the shards of `plan` (set before the run).
  void write_shards(const TarShardPlan& plan) { shards_ = &plan; }

 private:
  const DatasetConfig& config_;
  const DatasetInputs& inputs_;
  PairSource& source_;
  PairsLayout layout_;
  const TarShardPlan* shards_ = nullptr;
};

// A unit is a planned pair, its sample its base sample; its item both rendered samples. Files
// layout: the plan walked as the pairs are rendered; both samples written, then the pair file,
// which marks the pair finished. Shards layout: the sink walks the pairs of the farm task's
// shards not done (PairShards knows each one's train), and a pair is one unit of its shard.
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

  // Shards layout: the plan walked whole (set first: the shard size is judged by a pair of it),
  // then the sink that writes the shards.
  void take_pairs(const PairShards& pairs) { pairs_ = &pairs; }
  void write_into(TarShardSink& sink) { sink_ = &sink; }

  void begin_walk(const Shard& shard) override {
    if (sink_) return sink_->begin(shard);
    stream_.emplace(setup_.config, source_.trains, source_.planner);
    shard_ = shard;
  }
  std::optional<PlannedPair> next_unit() override {
    if (sink_) {
      auto pair = sink_->next_unit();
      if (!pair) return std::nullopt;
      return planned_pair(*pair, pairs_->train_of[*pair], source_.trains, source_.planner);
    }
    while (auto pair = stream_->next())
      if (shard_.contains(pair->pair)) return pair;
    return std::nullopt;
  }
  std::optional<OwnResume> own_resume() const override {
    if (!sink_) return std::nullopt;
    return OwnResume{sink_->units_done(), sink_->units_pending()};
  }
  void abandon() override {
    if (sink_) sink_->fail();
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
    if (sink_) return sink_->append(p.pair, members(p));
    base_writer_.write(p.base);
    twin_writer_.write(p.twin);
    // Last: the pair file marks the pair as finished.
    write_file_atomically(output_.layout().pair_file(p.pair), pair_record_text(record(p)));
  }
  // Pair `pair` made now, as its unit's members: the judge of a shard's size (unit_members.h).
  UnitMembers made_unit(std::uint64_t pair) {
    PlannedPair planned =
        planned_pair(pair, pairs_->train_of[pair], source_.trains, source_.planner);
    return members(
        render_pair(std::move(planned), setup_.scene, setup_.renderer(), setup_.settings));
  }
  // The number of pairs is known only once the plan has been walked: a count without a total.
  std::string unit_name() const override { return "pairs"; }

 private:
  static PairRecord record(const RenderedPair& p) {
    PairDifference difference =
        compare_pair(p.base.scene, p.base.frame, p.twin.scene, p.twin.frame, p.intervention);
    return make_pair_record(p.pair, p.train, p.intervention, difference);
  }
  // The pair as `railyard pack` makes its unit: its record, then both samples under their prefix.
  UnitMembers members(const RenderedPair& p) const {
    UnitMembers unit;
    unit.bytes(record_member(""), pair_record_text(record(p)));
    add_sample(unit, kBasePrefix, base_writer_.encode(p.base));
    add_sample(unit, kIntervenedPrefix, twin_writer_.encode(p.twin));
    return unit;
  }

  RunSetup& setup_;
  PairSource& source_;
  const PairsOutput& output_;
  SampleWriter base_writer_, twin_writer_;
  std::optional<PairStream> stream_;
  Shard shard_;
  TarShardSink* sink_ = nullptr;
  const PairShards* pairs_ = nullptr;
};

}  // namespace

RunSummary intervene_dataset(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  PairSource source(config, inputs);
  RunSetup setup(config, inputs);
  PairsOutput output(config, inputs, source);
  PairWork work(setup, source, output);
  if (config.outputs.layout == OutputLayout::Files) return run_job(work, output, setup, options);
  PairShards pairs(config, source, options.progress);
  work.take_pairs(pairs);
  TarShardPlan plan = plan_shards(
      config, pairs.split_of, [&](std::uint64_t first) { return work.made_unit(first); }, setup);
  TarShardSink sink(plan, output.layout().root, shard_window(setup));
  output.write_shards(plan);
  work.write_into(sink);
  return run_job(work, output, setup, options);
}

std::filesystem::path merge_pairs(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  PairSource source(config, inputs);
  PairsOutput output(config, inputs, source);
  if (config.outputs.layout == OutputLayout::Files)
    return merge_run(output, config, inputs, options);
  PairShards pairs(config, source, options.progress);
  TarShardPlan plan(pairs.split_of, kept_shard_size(config, output.layout().root));
  output.write_shards(plan);
  return merge_run(output, config, inputs, options);
}

}  // namespace railyard
