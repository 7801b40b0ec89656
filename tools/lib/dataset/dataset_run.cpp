#include "tools/lib/dataset/dataset_run.h"

#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/pipeline_times.h"
#include "util/atomic_file.h"

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

void DatasetOutput::finalize(const RunLock& lock, const std::string& version) {
  finalize_dataset(
      {config_, paths_, rule_name_, scene_name_, lock.created_date, version, lock.inputs});
}

namespace {

// A unit is a sample index, its item the rendered sample.
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
  void write(const RenderedSample& sample) const override {
    if (!times_) return writer_.write(sample);
    WriteTimes times;
    writer_.write(sample, &times);
    times_->add(times);
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

}  // namespace

RunSummary render_samples(const DatasetConfig& config, const DatasetInputs& inputs,
                          TrainSource& trains, const std::string& rule_name,
                          const RunOptions& options) {
  RunSetup setup(config, inputs);
  DatasetOutput output(config, rule_name, inputs.scene_name);
  SampleWork work(setup, trains, output, options.times);
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
  return merge_run(output, config, inputs, options);
}

}  // namespace railyard
