#include "tools/lib/dataset/sequences/sequence_factory.h"

#include <algorithm>

namespace railyard {
namespace {

std::vector<std::string> bit_names(const std::vector<std::string>& names, std::uint32_t bits) {
  std::vector<std::string> chosen;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (bits >> i & 1u) chosen.push_back(names[i]);
  return chosen;
}

}  // namespace

// Step t of a planned sequence as its sample's record keeps it.
SequenceStepRecord step_record(const SequenceModel& model, const sequences::SequencePlan& plan,
                               std::uint64_t index, std::size_t t, const SequenceStep& drawn) {
  const ltlf::Automaton& automaton = model.automaton();
  SequenceStepRecord step;
  step.sequence = index;
  step.step = t;
  step.length = plan.letters.size();
  step.accepted = automaton.accepting(plan.states.back());
  step.state = plan.states[t];
  step.next_state = plan.states[t + 1];
  std::uint32_t letter = plan.letters[t];
  for (std::size_t i = 0; i < model.names().size(); ++i)
    step.predicates.emplace_back(model.names()[i], (letter >> i & 1u) != 0);
  // By name, as the record reads back (a JSON object's keys), whatever the alphabet's order.
  std::sort(step.predicates.begin(), step.predicates.end());
  step.relevant = bit_names(model.names(), automaton.relevant(step.state, letter));
  std::sort(step.relevant.begin(), step.relevant.end());
  step.origin = drawn.origin;
  if (!drawn.edits.empty()) step.edits = drawn.edits;
  return step;
}

bool sequence_labels_given(const DatasetConfig& config, const SequenceModel& model,
                           std::uint64_t index) {
  if (config.sequence.train_annotations == SequenceAnnotations::Label &&
      model.split(index) == "train")
    return false;
  return dataset_supervision(config, model.sequence_count()).given(config.seed, index);
}

SequenceFactory::SequenceFactory(RunSetup& setup, const SequenceModel& model)
    : model_(model), steps_(model, setup.config), samples_(setup.factory(steps_)) {}

// Each step rendered as the sample of its flat index; steps_ gives its train, its record and
// whether it shows its label. A sequence whose labels are withheld (sequence_labels_given:
// supervision, or a train split that publishes the sequence label alone) withholds its steps'
// labels as a semi-supervised set does (label_noise.h): their records say "labelled": false and
// splits/unlabelled.txt lists them, so readers and exports leave them out.
RenderedSample SequenceFactory::first_step(std::uint64_t index) {
  return samples_(model_.first_sample(index));
}

std::vector<RenderedSample> SequenceFactory::operator()(std::uint64_t index) {
  std::vector<RenderedSample> rendered;
  std::uint64_t first = model_.first_sample(index);
  for (std::uint64_t t = 0; t < model_.length(index); ++t) rendered.push_back(samples_(first + t));
  return rendered;
}

}  // namespace railyard
