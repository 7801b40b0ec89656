#include "tools/lib/dataset/sequences/sequence_run.h"

#include <stdexcept>

#include "tools/lib/dataset/dataset_run.h"
#include "tools/lib/dataset/sequences/sequence_factory.h"
#include "tools/lib/dataset/sequences/sequence_finalize.h"
#include "tools/lib/dataset/sequences/sequence_model.h"
#include "tools/lib/dataset/sequences/sequence_trains.h"
#include "tools/lib/records/formats/train_json.h"
#include "util/atomic_file.h"

namespace railyard {
namespace {

// The dataset-wide files, split by sequence, and the sequence files (sequence_finalize.h).
void finalize_sequences(FinalizeContext context, const SequenceModel& model) {
  SequenceFinalize sequences(context.config, model.sample_count(),
                             model.automaton_file().to_json());
  sequences.attach(context);
  finalize_dataset(context);
}

// A source of `Trains` with the model it draws from, for those who hold no run.
template <class Trains>
std::shared_ptr<TrainSource> with_model(const DatasetConfig& config, const DatasetInputs& inputs) {
  struct Owned {
    Owned(const DatasetConfig& config, const DatasetInputs& inputs)
        : model(config, inputs), trains(model, config) {}
    SequenceModel model;
    Trains trains;
  };
  auto owned = std::make_shared<Owned>(config, inputs);
  return {owned, &owned->trains};
}

// One dataset folder, finished by sequence.
class SequenceOutput final : public DatasetOutput {
 public:
  SequenceOutput(const DatasetConfig& config, const DatasetInputs& inputs,
                 const SequenceModel& model)
      : DatasetOutput(config, inputs.rule_name, inputs.scene_name), model_(model) {}

  void finalize(const RunLock& lock, const std::string& version) override {
    finalize_sequences(
        {config(), paths(), rule_name(), scene_name(), lock.created_date, version, lock.inputs},
        model_);
  }

 private:
  const SequenceModel& model_;
};

using RenderedSequence = std::vector<RenderedSample>;

// A unit is a sequence, its samples its steps.
class SequenceWork final : public IndexWork<RenderedSequence> {
 public:
  SequenceWork(RunSetup& setup, const SequenceModel& model, const DatasetOutput& output)
      : model_(model), factory_(setup, model), writer_(output.writer()) {}

  SampleSpan samples(std::uint64_t s) const override {
    return {model_.first_sample(s), model_.length(s)};
  }
  std::optional<std::uint64_t> unit_of(std::uint64_t sample) const override {
    try {
      return model_.sequence_of(sample);
    } catch (const std::out_of_range&) {  // a record past the set's samples: a stray
      return std::nullopt;
    }
  }
  RenderedSequence produce(std::uint64_t& s) override { return factory_(s); }
  // One step: a sequence may be thousands of them, and the folder waits for the probe.
  void probe(std::uint64_t& s) override { factory_.first_step(s); }
  void write(const RenderedSequence& sequence) const override {
    for (const RenderedSample& step : sequence) writer_.write(step);
  }
  std::optional<std::uint64_t> unit_count() const override { return model_.sequence_count(); }
  std::string unit_name() const override { return "sequences"; }

 private:
  const SequenceModel& model_;
  SequenceFactory factory_;
  SampleWriter writer_;
};

}  // namespace

RunSummary generate_sequences(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  SequenceModel model(config, inputs);  // every refusal, before a renderer starts
  RunSetup setup(config, inputs);
  SequenceOutput output(config, inputs, model);
  SequenceWork work(setup, model, output);
  return run_job(work, output, setup, options);
}

std::filesystem::path merge_sequences(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  SequenceModel model(config, inputs);
  SequenceOutput output(config, inputs, model);
  return merge_run(output, config, inputs, options);
}

RunSummary generate_episode(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  std::shared_ptr<TrainSource> trains = episode_trains(config, inputs);  // every refusal first
  return render_samples(config, inputs, *trains, inputs.rule_name, options);
}

void remake_sequences(const FinalizeContext& context) {
  finalize_sequences(context,
                     SequenceModel(context.config, resolve_inputs(context.config, data_root())));
}

std::shared_ptr<TrainSource> sequence_trains(const DatasetConfig& config,
                                             const DatasetInputs& inputs) {
  return with_model<StepTrains>(config, inputs);
}

std::shared_ptr<TrainSource> episode_trains(const DatasetConfig& config,
                                            const DatasetInputs& inputs) {
  return with_model<EpisodeTrains>(config, inputs);
}

void write_curriculum(const DatasetConfig& config, const std::filesystem::path& data_dir,
                      AtomicFile& out) {
  SequenceModel model(config, resolve_inputs(config, data_dir));
  nlohmann::ordered_json letters = nlohmann::ordered_json::array();
  for (std::uint32_t letter : model.curriculum().letters)
    letters.push_back(letter_text(model.names(), letter));
  out.write(nlohmann::ordered_json{{"curriculum_seed", config.sequence.curriculum_seed},
                                   {"episodes", letters.size()},
                                   {"letters", std::move(letters)},
                                   {"states", model.curriculum().states}}
                .dump() +
            "\n");
}

void write_symbolic_sequences(const DatasetConfig& config, const std::filesystem::path& data_dir,
                              AtomicFile& out) {
  SequenceModel model(config, resolve_inputs(config, data_dir));
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
