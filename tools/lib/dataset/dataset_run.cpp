#include "tools/lib/dataset/dataset_run.h"

#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/pipeline_times.h"
#include "tools/lib/dataset/tar_shard_records.h"
#include "tools/lib/dataset/tar_shard_run.h"
#include "tools/lib/dataset/tar_shard_sink.h"
#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/records/json/dataset_error.h"
#include "tools/lib/shards/shard_layout.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {

DatasetOutput::DatasetOutput(const DatasetConfig& config, std::string rule_name,
                             std::string scene_name)
    : config_(config),
      rule_name_(std::move(rule_name)),
      scene_name_(std::move(scene_name)),
      paths_(dataset_identity(config, rule_name_, scene_name_)) {}

// The description files live in a folder this dataset shares with others: only its own.
void DatasetOutput::remove_temporaries() const {
  std::filesystem::path description = paths_.description_file();
  remove_stale_temp_files(description.parent_path(), description.filename().string());
  remove_stale_temp_files(description.parent_path(),
                          description.replace_extension(".jsonl").filename().string());
}

void DatasetOutput::create_folders() const {
  paths_.create_folders(/*sample_folders=*/!shards_);
  if (shards_) keep_shard_plan(paths_.root(), *shards_, shard_kind_);
}

void DatasetOutput::finalize(const RunLock& lock, const std::string& version) {
  FinalizeContext context{config_,           paths_,  rule_name_, scene_name_,
                          lock.created_date, version, lock.inputs};
  prepare(context);
  if (!shards_) return finalize_dataset(context);
  TarShardRecords records(*shards_, paths_.root());
  ShardIndex index;
  context.check_complete = [&] {
    index = finished_shard_index(*shards_, paths_.root(), shard_kind_, version);
  };
  context.read_record = [&](std::uint64_t i, std::string& where) {
    ShardMember member = record_in_shards(i);
    return records.next(member.unit, member.name, where);
  };
  finalize_dataset(context);
  // Last: shards.json makes the folder a finished folder of shards.
  write_file_atomically(paths_.root() / kShardIndexFile, shard_index_text(index));
}

namespace {

// A sample's encoded files and record as the members of its unit in a shard.
UnitMembers unit_members(EncodedSample encoded) {
  UnitMembers members;
  add_sample(members, "", std::move(encoded));
  return members;
}

// A unit is a sample index, its item the rendered sample, written as files or into a shard.
class SampleWork final : public IndexWork<RenderedSample> {
 public:
  SampleWork(RunSetup& setup, TrainSource& trains, const DatasetOutput& output,
             PipelineTimes* times)
      : count_(output.config().count), serial_(trains), writer_(output.writer()), times_(times) {
    const unsigned producers = setup.render_threads();
    TrainSource& source = producers > 1 ? serial_ : trains;
    renderers_.push_back(&setup.renderer());
    for (unsigned k = 1; k < producers; ++k) renderers_.push_back(&setup.extra_renderer(k));
    for (render::Renderer* renderer : renderers_)
      factories_.emplace_back(source, setup.scene, *renderer, setup.settings);
    if (times_) times_->produce.resize(producers);
    for (unsigned k = 0; times_ && k < producers; ++k) factories_[k].time_into(&times_->produce[k]);
  }

  RenderedSample produce(std::uint64_t& index) override { return factories_[0](index); }
  unsigned producers() const override { return static_cast<unsigned>(factories_.size()); }
  RenderedSample produce_on(std::uint64_t& index, unsigned k) override {
    return factories_[k](index);
  }
  void release_producer(unsigned k) override { renderers_[k]->release_thread(); }
  unsigned in_flight() const override { return renderers_[0]->frames_in_flight(); }
  BegunUnit<RenderedSample> begin_on(std::uint64_t& index, unsigned k) override {
    auto begun = std::make_shared<BegunSample>(factories_[k].begin(index));
    return [begun] { return std::move(*begun).finish(); };
  }
  void write(const RenderedSample& sample) const override {
    WriteTimes times;
    WriteTimes* timed = times_ ? &times : nullptr;
    if (!sink()) {
      writer_.write(sample, timed);
    } else {
      UnitMembers members = unit_members(writer_.encode(sample, timed));
      StageClock clock(stage_time(timed, WriteStage::Files));
      sink()->append(sample.index, std::move(members));
    }
    if (times_) times_->add(times);
  }
  // Unit `index` made now, as its members: the judge of a shard's size (unit_members.h).
  UnitMembers made_unit(std::uint64_t index) {
    return unit_members(writer_.encode(factories_[0](index)));
  }
  std::optional<std::uint64_t> unit_count() const override { return count_; }
  std::string unit_name() const override { return "images"; }

 private:
  std::uint64_t count_;
  SerialTrains serial_;  // the trains, when several threads take them
  std::vector<render::Renderer*> renderers_;
  std::vector<SampleFactory> factories_;  // [k]: producing thread k's
  SampleWriter writer_;
  PipelineTimes* times_;
};

// Each index's split (0 train, 1 val, 2 test), before any sample is rendered: the labels of every
// train, split as finalize will split them (splits.h).
std::vector<std::uint8_t> split_of_samples(const DatasetConfig& config, TrainSource& trains,
                                           bool progress) {
  std::vector<Direction> labels(config.count);
  Progress labelled(config.count, "trains labelled for the shards' splits",
                    progress ? stderr : nullptr);
  for (std::uint64_t i = 0; i < config.count; ++i) {
    labels[i] = trains.train(i).label;
    labelled.advance();
  }
  if (progress) labelled.finish();
  return split_of_indices(make_splits(labels, config.splits, config.subsets, config.seed),
                          config.count);
}

}  // namespace

RunSummary render_samples(const DatasetConfig& config, const DatasetInputs& inputs,
                          TrainSource& trains, const std::string& rule_name,
                          const RunOptions& options) {
  RunSetup setup(config, inputs);
  DatasetOutput output(config, rule_name, inputs.scene_name);
  SampleWork work(setup, trains, output, options.times);
  if (config.outputs.layout == OutputLayout::Files) return run_job(work, output, setup, options);
  TarShardPlan plan = plan_shards(
      config, split_of_samples(config, trains, options.progress),
      [&](std::uint64_t first) { return work.made_unit(first); }, setup);
  TarShardSink sink(plan, output.paths().root(), shard_window(setup));
  output.write_shards(plan);
  work.write_into(sink);
  return run_job(work, output, setup, options);
}

RunSummary generate_samples(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  SampledTrains trains = sampled_trains(config, inputs);
  // An unreachable class shows up here, before any folder is made or image rendered. With
  // combination filters (exclude, require, confounder) or compositions any index may be the one
  // that cannot be filled, so every index of this process is sampled first (symbolic: fast next
  // to rendering). With unique, sampled_trains has planned every index already.
  if (config.sampler.filters.empty() && !trains.needs_every_index()) {
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
  return render_samples(config, inputs, trains, inputs.rule_name, options);
}

RunSummary render_trains(const DatasetConfig& config, std::vector<LabelledTrain> list,
                         const std::string& rule_name, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  DescribedTrains trains(std::move(list));
  return render_samples(config, inputs, trains, rule_name, options);
}

std::filesystem::path merge_samples(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  DatasetOutput output(config, inputs.rule_name, inputs.scene_name);
  if (config.outputs.layout == OutputLayout::Files)
    return merge_run(output, config, inputs, options);
  std::uint64_t per_shard = kept_shard_size(config, output.paths().root());
  SampledTrains trains = sampled_trains(config, inputs);
  TarShardPlan plan(split_of_samples(config, trains, options.progress), per_shard);
  output.write_shards(plan);
  return merge_run(output, config, inputs, options);
}

}  // namespace railyard
