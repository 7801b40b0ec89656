#include "tools/lib/dataset/sequences/sequence_trains.h"

#include <algorithm>

#include "tools/lib/dataset/sequences/sequence_factory.h"

namespace railyard {

std::optional<SequenceStepRecord> EpisodeTrains::sequence_step(std::uint64_t index) {
  return step_record(model_, model_.curriculum(), 0, episode_, step(index));
}

const SequenceStep& StepTrains::step(std::uint64_t index) {
  // The sequence holding sample `index`: the one drawn last (its steps come in order), else found.
  bool in_current = sequence_ && index >= model_.first_sample(current_) &&
                    index < model_.first_sample(current_) + model_.length(current_);
  if (!in_current) {
    current_ = model_.sequence_of(index);
    sequence_ = sampler_.sequence(current_, model_.redraw(current_));
  }
  return sequence_->steps.at(index - model_.first_sample(current_));
}

LabelledTrain StepTrains::train(std::uint64_t index) {
  return step(index).train;
}

std::optional<SequenceStepRecord> StepTrains::sequence_step(std::uint64_t index) {
  const SequenceStep& drawn = step(index);
  return step_record(model_, sequence_->plan, current_, index - model_.first_sample(current_),
                     drawn);
}

std::optional<bool> StepTrains::label_given(std::uint64_t index) {
  step(index);
  return sequence_labels_given(config_, model_, current_);
}

std::uint64_t StepTrains::samples_of_first(std::uint64_t sequences) const {
  sequences = std::min(sequences, model_.sequence_count());
  return sequences == model_.sequence_count() ? model_.sample_count()
                                              : model_.first_sample(sequences);
}

}  // namespace railyard
