#include "tools/dataset/dataset_run.h"

#include "tools/dataset/finalize.h"
#include "tools/dataset/sequences/sequence_run.h"
#include "tools/records/sample_files.h"
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

// A unit is a sample index; a sample is finished while its record reads and its files pass the
// cheap check. Finished samples are found by listing records/ once, so a job of any size starts
// at once, and the shard's indices are walked without being stored.
class SampleWork final : public RunWork<std::uint64_t, RenderedSample> {
 public:
  SampleWork(RunSetup& setup, TrainSource& trains, const DatasetOutput& output)
      : output_(output), factory_(setup.factory(trains)), writer_(output.writer()) {}

  void begin_walk(const Shard& shard, ResumeCounts* resume, unsigned threads) override {
    ShardIndices mine = shard.samples(output_.config().count);
    std::vector<std::uint64_t> finished, failed;
    if (resume) {
      finished = finished_samples(
          output_.paths(), [&](std::uint64_t i) { return mine.contains(i); }, threads, failed);
      resume->skipped = finished.size();
      resume->redone = failed.size();
    }
    pending_.emplace(mine, std::move(finished));
    at_ = pending_->begin();
  }
  std::optional<std::uint64_t> next_unit() override {
    if (at_ == pending_->end()) return std::nullopt;
    return *at_++;
  }
  RenderedSample produce(std::uint64_t& index) override { return factory_(index); }
  void write(const RenderedSample& sample) const override { writer_.write(sample); }
  std::optional<std::uint64_t> walk_size() const override { return pending_->size(); }
  std::string unit_name() const override { return "images"; }

 private:
  const DatasetOutput& output_;
  SampleFactory factory_;
  SampleWriter writer_;
  std::optional<PendingIndices> pending_;
  PendingIndices::iterator at_;
};

}  // namespace

RunSummary render_samples(const DatasetConfig& config, const DatasetInputs& inputs,
                          TrainSource& trains, const std::string& rule_name,
                          const RunOptions& options) {
  RunSetup setup(config, inputs);
  DatasetOutput output(config, rule_name, inputs.scene_name);
  SampleWork work(setup, trains, output);
  return run_job(work, output, setup, options);
}

RunSummary generate_dataset(const DatasetConfig& config, const RunOptions& options) {
  if (config.sequence.enabled()) return generate_sequences(config, options);
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
  refuse_sequences(config.sequence, "railyard render",
                   "remove the sequence: section, or generate the sequences");
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  DescribedTrains trains(std::move(list));
  return render_samples(config, inputs, trains, rule_name, options);
}

std::function<render::Scene(std::uint64_t)> dataset_scenes(const DatasetConfig& config,
                                                           const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  auto trains = std::make_shared<SampledTrains>(sampled_trains(config, inputs));
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
  if (config.sequence.enabled()) return merge_sequences(config, options);
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  DatasetOutput output(config, inputs.rule_name, inputs.scene_name);
  return merge_run(output, config, inputs, options);
}

}  // namespace railyard
