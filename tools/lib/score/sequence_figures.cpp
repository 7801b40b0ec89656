#include "tools/lib/score/sequence_figures.h"

#include <array>

namespace railyard::score {

SequencesScore sequence_figures(const DatasetTarget& set, const Answers& answers,
                                const ScoreSettings& settings) {
  Tally all, east, west;
  std::array<Tally, 3> splits;
  BreakdownTally by_length{"sequence_length", "Sequence accuracy by length (steps)"};
  BreakdownTally predicates{"predicate", "Per-step predicate accuracy"};
  const std::vector<Answer>& row = answers.by_sample[0];
  for (std::size_t s = 0; s < set.sequences.size(); ++s) {
    if (!row[s].given) continue;
    const SequenceTruth& truth = set.sequences[s];
    bool right = (row[s].predicted == Direction::East) == truth.accepted;
    all.add(right);
    (truth.accepted ? east : west).add(right);
    splits[truth.split].add(right);
    by_length.add(std::to_string(truth.length), right);
    for (const auto& [name, steps] : answers.predicates[s])
      for (const auto& [truth_name, values] : truth.predicates)
        if (truth_name == name)
          for (std::size_t t = 0; t < steps.size(); ++t)
            predicates.add(name, steps[t] == values[t]);
  }
  by_length.sort_numeric();
  double z = settings.z;
  return SequencesScore{
      set.sequences.size(),
      proportion(all.correct, all.n, z),
      balanced_accuracy(east, west, z),
      splits_of(splits, z),
      breakdown_of(by_length, z),
      predicates.order.empty() ? std::nullopt : std::optional(breakdown_of(predicates, z))};
}

}  // namespace railyard::score
