// Turns a sequence index into its rendered steps: the symbolic sequence (plan.h, then a train per
// step: sequence_sampler.h), each step laid out and rendered as the sample of its flat index, its
// record carrying its place in the sequence. The sequence run kind and Python's on-the-fly
// sequences both render through it, so `g.sequence(i)` equals generate's files.
#pragma once

#include <cstdint>
#include <vector>

#include "tools/lib/dataset/run_setup.h"
#include "tools/lib/dataset/sample_writer.h"
#include "tools/lib/dataset/sequences/sequence_model.h"
#include "tools/lib/dataset/sequences/sequence_trains.h"

namespace railyard {

// Whether the steps of sequence `index` (sequential mode) show their labels: supervision decides
// per sequence, the sequence's position among the set's sequences being its place on a decay's
// curve (label_noise.h), and a train split that publishes the sequence label alone
// (train_annotations: label) withholds its steps' own labels too. Every step of a sequence then
// says "labelled": false in its record and is listed in splits/unlabelled.txt.
bool sequence_labels_given(const DatasetConfig& config, const SequenceModel& model,
                           std::uint64_t index);

class SequenceFactory {
 public:
  SequenceFactory(RunSetup& setup, const SequenceModel& model);

  // Sequence `index`, its steps as samples first_sample(index) ... (throws SequenceError).
  std::vector<RenderedSample> operator()(std::uint64_t index);
  // Sequence `index`'s first step alone.
  RenderedSample first_step(std::uint64_t index);

 private:
  const SequenceModel& model_;
  StepTrains steps_;  // each step's train, its record and whether it is labelled, for samples_
  SampleFactory samples_;
};

// Step t of a planned sequence as its sample's record keeps it (`drawn`: how its train came).
SequenceStepRecord step_record(const SequenceModel& model, const sequences::SequencePlan& plan,
                               std::uint64_t index, std::size_t t, const SequenceStep& drawn);

}  // namespace railyard
