// The trains of a sequence dataset by flat sample index, without pictures: each step's train
// (sequential mode) or each episode's (incremental mode), with its place in the sequence. The
// episode run renders through it, and the suite's check reads a sequence variant's real trains
// through it, so its statistics are those of the samples the run makes.
#pragma once

#include <cstdint>
#include <memory>

#include "tools/dataset/config.h"
#include "tools/dataset/sequences/sequence_model.h"
#include "tools/dataset/train_source.h"

namespace railyard {

// Incremental mode: every train satisfies one step of the curriculum, and its record says which
// (sequence 0, step = the episode).
class EpisodeTrains final : public TrainSource {
 public:
  EpisodeTrains(const SequenceModel& model, std::uint64_t episode)
      : model_(model), sampler_(model.sampler()), episode_(episode) {}

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
class StepTrains final : public TrainSource {
 public:
  explicit StepTrains(const SequenceModel& model) : model_(model), sampler_(model.sampler()) {}

  LabelledTrain train(std::uint64_t index) override;
  std::optional<SequenceStepRecord> sequence_step(std::uint64_t index) override;

 private:
  const SequenceStep& step(std::uint64_t index);

  const SequenceModel& model_;
  SequenceSampler sampler_;
  std::uint64_t current_ = 0;
  std::optional<SymbolicSequence> sequence_;
};

// The trains of `config`'s sequence dataset, either mode.
std::unique_ptr<TrainSource> sequence_trains(const SequenceModel& model,
                                             const DatasetConfig& config);

// The samples of its first `sequences` sequences (of as many samples in incremental mode).
std::uint64_t samples_of_first(const SequenceModel& model, const DatasetConfig& config,
                               std::uint64_t sequences);

}  // namespace railyard
