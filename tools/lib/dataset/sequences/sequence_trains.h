// The trains of a sequence dataset by flat sample index, without pictures: each step's train
// (sequential mode) or each episode's (incremental mode), with its place in the sequence. The
// episode run renders through it, and the suite's check reads a sequence variant's real trains
// through it, so its statistics are those of the samples the run makes.
#pragma once

#include <cstdint>

#include "tools/lib/dataset/sequences/sequence_model.h"
#include "tools/lib/dataset/train_source.h"

namespace railyard {

// Incremental mode: every train satisfies one step of the curriculum, and its record says which
// (sequence 0, step = the episode).
class EpisodeTrains final : public TrainSource {
 public:
  EpisodeTrains(const SequenceModel& model, const DatasetConfig& config)
      : model_(model), sampler_(model.sampler()), episode_(config.sequence.episode) {}

  LabelledTrain train(std::uint64_t index) override { return step(index).train; }
  std::optional<SequenceStepRecord> sequence_step(std::uint64_t index) override;

 private:
  SequenceStep step(std::uint64_t index) {
    return sampler_.train_with(index, episode_, model_.curriculum().letters[episode_]);
  }

  const SequenceModel& model_;
  SequenceSampler sampler_;
  std::uint64_t episode_;
};

// Sequential mode: sample i is a step of the sequence holding it; sequences are made as the
// indices ask for them (the last one kept), so walking the indices in order samples each once.
// Its steps show their labels as their sequence does (sequence_labels_given).
class StepTrains final : public TrainSource {
 public:
  StepTrains(const SequenceModel& model, const DatasetConfig& config)
      : config_(config), model_(model), sampler_(model.sampler()) {}

  LabelledTrain train(std::uint64_t index) override;
  std::optional<SequenceStepRecord> sequence_step(std::uint64_t index) override;
  std::optional<bool> label_given(std::uint64_t index) override;
  std::uint64_t samples_of_first(std::uint64_t sequences) const override;

 private:
  const SequenceStep& step(std::uint64_t index);

  const DatasetConfig& config_;
  const SequenceModel& model_;
  SequenceSampler sampler_;
  std::uint64_t current_ = 0;
  std::optional<SymbolicSequence> sequence_;
};

}  // namespace railyard
