// How often each letter (truth assignment of the step predicates) occurs under a dataset's train
// distribution, measured once on a fixed sample of trains. The planner walks only letters seen
// there, weighted by their rates; a step's train is then rejection-sampled for its letter, which
// takes about 1/rate draws, so a letter seen at least once is cheap enough to ask for.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/sampler.h"
#include "logic/sequences/step_predicates.h"

namespace railyard {

struct LetterRates {
  std::uint64_t trains = 0;           // trains measured
  std::vector<std::uint64_t> counts;  // per letter
  std::vector<double> rates() const;  // counts / trains
  // "roofed & !heavy: 0.231, ..." for messages, every letter.
  std::string describe(const std::vector<std::string>& names) const;
};

// Trains drawn from `sampler` (its filters applied) on a stream of their own, a pure function of
// (seed, trains). Throws RuleError when a predicate fails on a train.
LetterRates measure_letter_rates(const TrainSampler& sampler, StepPredicates& predicates,
                                 std::uint64_t seed, std::uint64_t trains);

}  // namespace railyard
