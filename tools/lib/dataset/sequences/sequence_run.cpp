#include "tools/lib/dataset/sequences/sequence_run.h"

#include <stdexcept>

#include "tools/lib/dataset/dataset_run.h"
#include "tools/lib/dataset/sequences/sequence_factory.h"
#include "tools/lib/dataset/sequences/sequence_finalize.h"
#include "tools/lib/dataset/sequences/sequence_model.h"
#include "tools/lib/dataset/sequences/sequence_trains.h"
#include "tools/lib/dataset/tar_shard_run.h"
#include "tools/lib/records/formats/train_json.h"
#include "tools/lib/records/json/json_fields.h"
#include "tools/lib/shards/shard_layout.h"
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

// What a run writing tar shards knows of the set before rendering: each sequence's split (the
// model's, as finalize splits) and the longest sequence, whose length sets the steps' member
// names (shard_layout.h's step_prefix).
struct SequenceShards {
  explicit SequenceShards(const SequenceModel& model) {
    split_of.reserve(model.sequence_count());
    for (std::uint64_t s = 0; s < model.sequence_count(); ++s) {
      split_of.push_back(model.split_number(s));
      longest = std::max(longest, model.length(s));
    }
  }
  std::vector<std::uint8_t> split_of;
  std::uint64_t longest = 0;
};

// One dataset folder, finished by sequence; with shards, a sequence is one unit of its shard.
class SequenceOutput final : public DatasetOutput {
 public:
  SequenceOutput(const DatasetConfig& config, const DatasetInputs& inputs,
                 const SequenceModel& model)
      : DatasetOutput(config, inputs.rule_name, inputs.scene_name), model_(model) {}

  // A run writing shards, of these sequences (set before the run).
  void write_shards(const TarShardPlan& plan, const SequenceShards& sequences) {
    DatasetOutput::write_shards(plan, "sequences");
    longest_ = sequences.longest;
  }

 protected:
  void prepare(FinalizeContext& context) override {
    sequences_.emplace(context.config, model_.sample_count(), model_.automaton_file().to_json());
    sequences_->attach(context);
  }
  ShardMember record_in_shards(std::uint64_t sample) const override {
    const std::uint64_t s = model_.sequence_of(sample);
    return {s, record_member(step_prefix(sample - model_.first_sample(s), longest_))};
  }

 private:
  const SequenceModel& model_;
  std::optional<SequenceFinalize> sequences_;
  std::uint64_t longest_ = 0;
};

using RenderedSequence = std::vector<RenderedSample>;

// A unit is a sequence, its samples its steps.
class SequenceWork final : public IndexWork<RenderedSequence> {
 public:
  SequenceWork(RunSetup& setup, const SequenceModel& model, const DatasetOutput& output)
      : config_(setup.config), model_(model), factory_(setup, model), writer_(output.writer()) {}

  // Shards layout: the set's splits and longest sequence, for the units' lines and names.
  void take_sequences(const SequenceShards& sequences) { sequences_ = &sequences; }

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
    if (sink()) return sink()->append(sequence.front().sequence->sequence, members(sequence));
    for (const RenderedSample& step : sequence) writer_.write(step);
  }
  // Sequence `s` made now, as its unit's members: the judge of a shard's size.
  UnitMembers made_unit(std::uint64_t s) { return members(factory_(s)); }
  std::optional<std::uint64_t> unit_count() const override { return model_.sequence_count(); }
  std::string unit_name() const override { return "sequences"; }

 private:
  // The sequence as `railyard pack` makes its unit: its line of sequences.jsonl, then its steps.
  UnitMembers members(const RenderedSequence& sequence) const {
    UnitMembers unit;
    const std::uint64_t s = sequence.front().sequence->sequence;
    SequenceFiles line_of(s);
    for (std::uint64_t t = 0; t < sequence.size(); ++t) {
      EncodedSample encoded = writer_.encode(sequence[t]);
      JsonOrigin origin{"the record of step " + std::to_string(t) + " of sequence " +
                        std::to_string(s)};
      line_of.add(sample_record_from_json(parse_json(encoded.record, origin), origin));
      add_sample(unit, step_prefix(t, sequences_->longest), std::move(encoded));
    }
    SequenceLine line =
        sequence_line(line_of.sequences().at(0), s, kSplitNames[sequences_->split_of[s]],
                      config_.sequence.train_annotations);
    unit.bytes(record_member(""), to_json(line).dump() + "\n");
    return unit;
  }

  const DatasetConfig& config_;
  const SequenceModel& model_;
  SequenceFactory factory_;
  SampleWriter writer_;
  const SequenceShards* sequences_ = nullptr;
};

}  // namespace

RunSummary generate_sequences(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  SequenceModel model(config, inputs);  // every refusal, before a renderer starts
  RunSetup setup(config, inputs);
  SequenceOutput output(config, inputs, model);
  SequenceWork work(setup, model, output);
  if (config.outputs.layout == OutputLayout::Files) return run_job(work, output, setup, options);
  SequenceShards sequences(model);
  work.take_sequences(sequences);
  TarShardPlan plan = plan_shards(
      config, sequences.split_of, [&](std::uint64_t first) { return work.made_unit(first); },
      setup);
  TarShardSink sink(plan, output.paths().root(), shard_window(setup));
  output.write_shards(plan, sequences);
  work.write_into(sink);
  return run_job(work, output, setup, options);
}

std::filesystem::path merge_sequences(const DatasetConfig& config, const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  SequenceModel model(config, inputs);
  SequenceOutput output(config, inputs, model);
  if (config.outputs.layout == OutputLayout::Files)
    return merge_run(output, config, inputs, options);
  SequenceShards sequences(model);
  TarShardPlan plan(sequences.split_of, kept_shard_size(config, output.paths().root()));
  output.write_shards(plan, sequences);
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
