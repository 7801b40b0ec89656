// A planned sequence of letters (plan.h) made into trains: each step an ordinary rejection-sampled
// train of the dataset's distribution whose predicates give the planned letter. With edit
// dynamics, step t+1 is first sought among trains reached from step t by at most k random edits
// (intervention.h: a train that changes over time); when none of the tries reaches the letter the
// step is drawn afresh, and the step says so. Sequence i is a pure function of (seed, i).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/intervention/edit_kinds.h"
#include "logic/rule.h"
#include "logic/sampler.h"
#include "logic/sequences/plan.h"
#include "logic/sequences/step_predicates.h"
#include "util/enum_names.h"
#include "util/input_error.h"

namespace railyard {

// A step whose letter the sampler cannot reach (names the sequence, the step and the rates).
class SequenceError : public InputError {
 public:
  using InputError::InputError;
};

struct SequenceDynamics {
  bool edits = false;  // false: every step drawn independently
  int max_edits = 1;   // k: edits per try, 1..3
  EditKinds kinds = EditKinds::search_default();
  std::uint64_t tries = 64;  // edit tries before the step is drawn afresh
};

enum class StepOrigin : std::uint8_t {
  Drawn,    // sampled independently (every step without edit dynamics, and step 0)
  Edited,   // the previous step's train after `edits`
  Redrawn,  // edit dynamics, but no try reached the letter: sampled independently
};
inline constexpr auto kStepOriginNames = enum_names<StepOrigin>({{StepOrigin::Drawn, "drawn"},
                                                                 {StepOrigin::Edited, "edited"},
                                                                 {StepOrigin::Redrawn, "redrawn"}});

struct SequenceStep {
  LabelledTrain train;  // labelled by the dataset's rule
  std::uint32_t letter = 0;
  StepOrigin origin = StepOrigin::Drawn;
  std::string edits;  // Edited: the operations, e.g. "set(2, roof=none)"
};

struct SymbolicSequence {
  sequences::SequencePlan plan;  // letters, states, label
  std::vector<SequenceStep> steps;
};

struct SequenceSamplerOptions {
  std::uint64_t seed = 0;
  std::uint64_t max_attempts = 100'000;  // draws per step
  SequenceDynamics dynamics;
  std::string rates;  // the measured rates, described, for the message of an unreachable step
};

class SequenceSampler {
 public:
  SequenceSampler(TrainSampler sampler, StepPredicates predicates, Rule rule,
                  const sequences::SequencePlanner& planner, SequenceSamplerOptions options);

  // Throws SequenceError when a step's letter is not found in max_attempts draws. `redraw` > 0
  // draws the same plan's trains from other streams (a dataset with `unique` whose sequence came
  // out as an earlier one); redraw 0 is the sequence itself.
  SymbolicSequence sequence(std::uint64_t index, std::uint64_t redraw = 0);
  // A train with `letter`, drawn independently for step `step` of sequence `index` (an episode of
  // an incremental curriculum: `index` is the sample). Throws SequenceError.
  SequenceStep train_with(std::uint64_t index, std::size_t step, std::uint32_t letter);
  // The plan alone (letters, states, label, length): no train drawn.
  sequences::SequencePlan plan(std::uint64_t index) const {
    return planner_.plan(options_.seed, index);
  }
  // A copy with its own engines, for another thread.
  SequenceSampler clone() const { return *this; }

 private:
  bool edit(const Train& from, std::uint64_t index, std::size_t step, std::uint32_t letter,
            std::uint64_t redraw, SequenceStep& out);
  SequenceStep draw(std::uint64_t index, std::size_t step, std::uint32_t letter,
                    std::uint64_t redraw);
  bool admitted(const Train& train) const;

  TrainSampler sampler_;
  StepPredicates predicates_;
  Rule rule_;
  const sequences::SequencePlanner& planner_;
  SequenceSamplerOptions options_;
};

}  // namespace railyard
