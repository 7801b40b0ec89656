#include "tools/dataset/sequences/sequence_run.h"

#include <algorithm>
#include <stdexcept>

#include "tools/dataset/dataset_run.h"
#include "tools/dataset/sequences/sequence_factory.h"
#include "tools/dataset/sequences/sequence_finalize.h"
#include "tools/dataset/sequences/sequence_model.h"
#include "tools/dataset/sequences/sequence_trains.h"
#include "tools/records/formats/train_json.h"
#include "tools/records/sample_files.h"
#include "util/atomic_file.h"

namespace railyard {
namespace {

class SequenceOutput final : public RunOutput {
 public:
  SequenceOutput(const DatasetConfig& config, const DatasetInputs& inputs,
                 const SequenceModel& model)
      : samples_(config, inputs.rule_name, inputs.scene_name), model_(model) {}

  const DatasetPaths& lock_folder() const override { return samples_.paths(); }
  void remove_temporaries() const override { samples_.remove_temporaries(); }
  void finalize(const RunLock& lock, const std::string& version) override {
    const DatasetConfig& config = samples_.config();
    FinalizeContext context{
        config,  samples_.paths(), samples_.rule_name(), samples_.scene_name(), lock.created_date,
        version, lock.inputs};
    SequenceFinalize sequences(config, model_.sample_count(), model_.automaton_file().to_json());
    sequences.attach(context);
    finalize_dataset(context);
  }
  const DatasetOutput& samples() const { return samples_; }

 private:
  DatasetOutput samples_;
  const SequenceModel& model_;
};

using RenderedSequence = std::vector<RenderedSample>;

class SequenceWork final : public RunWork<std::uint64_t, RenderedSequence> {
 public:
  SequenceWork(RunSetup& setup, const SequenceModel& model, const DatasetOutput& output)
      : model_(model), factory_(setup, model), writer_(output.writer()), paths_(output.paths()) {}

  // As the samples' walk: records/ listed once, the shard's sequences walked without being
  // stored; a sequence is done when every one of its steps is a finished sample.
  void begin_walk(const Shard& shard, ResumeCounts* resume, unsigned threads) override {
    std::vector<std::uint64_t> done;
    if (resume) done = done_sequences(shard, *resume, threads);
    pending_.emplace(shard.samples(model_.sequence_count()), std::move(done));
    at_ = pending_->begin();
  }
  std::optional<std::uint64_t> next_unit() override {
    if (at_ == pending_->end()) return std::nullopt;
    return *at_++;
  }
  RenderedSequence produce(std::uint64_t& s) override { return factory_(s); }
  // One step: a sequence may be thousands of them, and the folder waits for the probe.
  void probe(std::uint64_t& s) override { factory_.first_step(s); }
  void write(const RenderedSequence& sequence) const override {
    for (const RenderedSample& step : sequence) writer_.write(step);
  }
  std::optional<std::uint64_t> walk_size() const override { return pending_->size(); }
  std::string unit_name() const override { return "sequences"; }

 private:
  // The shard's sequences whose steps are all finished samples, ascending; those with some steps
  // finished or failing their check count as redone.
  std::vector<std::uint64_t> done_sequences(const Shard& shard, ResumeCounts& resume,
                                            unsigned threads) const {
    auto mine = [&](std::uint64_t sample) {
      try {
        return shard.contains(model_.sequence_of(sample));
      } catch (const std::out_of_range&) {  // a record past the set's samples: a stray
        return false;
      }
    };
    std::vector<std::uint64_t> failed;
    std::vector<std::uint64_t> finished = finished_samples(paths_, mine, threads, failed);
    std::vector<std::uint64_t> done, touched;
    for (std::size_t at = 0; at < finished.size();) {
      std::uint64_t s = model_.sequence_of(finished[at]), steps = 0;
      for (; at < finished.size() && model_.sequence_of(finished[at]) == s; ++at) ++steps;
      (steps == model_.length(s) ? done : touched).push_back(s);
    }
    for (std::uint64_t sample : failed) touched.push_back(model_.sequence_of(sample));
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    resume.skipped = done.size();
    resume.redone = touched.size() - static_cast<std::uint64_t>(std::count_if(
                                         touched.begin(), touched.end(), [&](std::uint64_t s) {
                                           return std::binary_search(done.begin(), done.end(), s);
                                         }));
    return done;
  }

  const SequenceModel& model_;
  SequenceFactory factory_;
  SampleWriter writer_;
  const DatasetPaths& paths_;
  std::optional<PendingIndices> pending_;
  PendingIndices::iterator at_;
};

}  // namespace

RunSummary generate_sequences(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  SequenceModel model(config, inputs);  // every refusal, before a renderer starts
  if (config.sequence.incremental()) {
    EpisodeTrains trains(model, config.sequence.episode);
    return render_samples(config, inputs, trains, inputs.rule_name, options);
  }
  RunSetup setup(config, inputs);
  SequenceOutput output(config, inputs, model);
  SequenceWork work(setup, model, output.samples());
  return run_job(work, output, setup, options);
}

std::filesystem::path merge_sequences(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  if (config.sequence.incremental()) {
    DatasetOutput output(config, inputs.rule_name, inputs.scene_name);
    return merge_run(output, config, inputs, options);
  }
  SequenceModel model(config, inputs);
  SequenceOutput output(config, inputs, model);
  return merge_run(output, config, inputs, options);
}

void write_symbolic_sequences(const DatasetConfig& config, const std::filesystem::path& data_dir,
                              AtomicFile& out) {
  DatasetInputs inputs = resolve_inputs(config, data_dir);
  SequenceModel model(config, inputs);
  if (config.sequence.incremental()) {  // the curriculum: one positive trace of episodes
    nlohmann::ordered_json letters = nlohmann::ordered_json::array();
    for (std::uint32_t letter : model.curriculum().letters)
      letters.push_back(letter_text(model.names(), letter));
    out.write(nlohmann::ordered_json{{"curriculum_seed", config.sequence.curriculum_seed},
                                     {"episodes", letters.size()},
                                     {"letters", std::move(letters)},
                                     {"states", model.curriculum().states}}
                  .dump() +
              "\n");
    return;
  }
  SequenceSampler sampler = model.sampler();
  for (std::uint64_t s = 0; s < model.sequence_count(); ++s) {
    SymbolicSequence sequence = sampler.sequence(s, model.redraw(s));
    nlohmann::ordered_json steps = nlohmann::ordered_json::array();
    for (std::size_t t = 0; t < sequence.steps.size(); ++t) {
      SequenceStepRecord step = step_record(model, sequence.plan, s, t, sequence.steps[t]);
      nlohmann::ordered_json line = to_json(step);
      line.erase("sequence");
      line.erase("length");
      line.erase("accepted");
      line["train"] = train_json(sequence.steps[t].train, t);
      steps.push_back(std::move(line));
    }
    nlohmann::ordered_json json = {
        {"sequence", s},
        {"accepted", model.automaton().accepting(sequence.plan.states.back())},
        {"length", sequence.steps.size()},
        {"states", sequence.plan.states},
        {"steps", std::move(steps)}};
    out.write(json.dump() + "\n");
  }
}

}  // namespace railyard
