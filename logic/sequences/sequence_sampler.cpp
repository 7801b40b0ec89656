#include "logic/sequences/sequence_sampler.h"

#include "logic/intervention/intervention.h"
#include "logic/intervention/operation.h"
#include "util/random.h"

namespace railyard {
namespace {

// Streams of their own, apart from any dataset's trains with the same seed.
constexpr std::uint64_t kStepDomain = 0x5354455053ULL;  // "STEPS"
constexpr std::uint64_t kEditDomain = 0x4544495453ULL;  // "EDITS"

// One stream index per (sequence, step): steps are bounded by the schema (plan.h) well below 2^16.
std::uint64_t step_key(std::uint64_t index, std::size_t step) {
  return index << 16 | static_cast<std::uint64_t>(step);
}

// A redraw's streams: the sequence's own for redraw 0, others apart from them after.
std::uint64_t redrawn(std::uint64_t seed, std::uint64_t redraw) {
  return redraw == 0 ? seed : mix64(seed ^ mix64(redraw * 0x9e37'79b9'7f4a'7c15ULL));
}

}  // namespace

SequenceSampler::SequenceSampler(TrainSampler sampler, StepPredicates predicates, Rule rule,
                                 const sequences::SequencePlanner& planner,
                                 SequenceSamplerOptions options)
    : sampler_(std::move(sampler)),
      predicates_(std::move(predicates)),
      rule_(std::move(rule)),
      planner_(planner),
      options_(std::move(options)) {}

SymbolicSequence SequenceSampler::sequence(std::uint64_t index, std::uint64_t redraw) {
  SymbolicSequence sequence{plan(index), {}};
  const std::vector<std::uint32_t>& letters = sequence.plan.letters;
  sequence.steps.reserve(letters.size());
  for (std::size_t t = 0; t < letters.size(); ++t) {
    SequenceStep step;
    bool edited = options_.dynamics.edits && t > 0 &&
                  edit(sequence.steps.back().train.train, index, t, letters[t], redraw, step);
    if (!edited) {
      step = draw(index, t, letters[t], redraw);
      if (options_.dynamics.edits && t > 0) step.origin = StepOrigin::Redrawn;
    }
    sequence.steps.push_back(std::move(step));
  }
  return sequence;
}

bool SequenceSampler::admitted(const Train& train) const {
  AttemptTally tally;
  return admits(sampler_.config().filters, train, tally);
}

SequenceStep SequenceSampler::train_with(std::uint64_t index, std::size_t step,
                                         std::uint32_t letter) {
  return draw(index, step, letter, 0);
}

SequenceStep SequenceSampler::draw(std::uint64_t index, std::size_t step, std::uint32_t letter,
                                   std::uint64_t redraw) {
  std::uint64_t seed = redrawn(mix64(options_.seed ^ kStepDomain), redraw);
  for (std::uint64_t attempt = 0; attempt < options_.max_attempts; ++attempt) {
    Train train = sampler_.sample(seed, step_key(index, step), attempt);
    if (!admitted(train) || predicates_.letter(train) != letter) continue;
    Direction label = rule_.label(train);
    return {{std::move(train), label}, letter, StepOrigin::Drawn, {}};
  }
  throw SequenceError("sequence " + std::to_string(index) + ", step " + std::to_string(step) +
                      ": no train with " + letter_text(predicates_.names(), letter) + " in " +
                      std::to_string(options_.max_attempts) +
                      " draws (max_attempts); the letters' measured rates: " + options_.rates);
}

// Up to `tries` chains of 1..k random edits from the previous train; the first that gives the
// letter (and passes the filters) is the step.
bool SequenceSampler::edit(const Train& from, std::uint64_t index, std::size_t step,
                           std::uint32_t letter, std::uint64_t redraw, SequenceStep& out) {
  const SequenceDynamics& dynamics = options_.dynamics;
  RandomStream random(redrawn(options_.seed, redraw), step_key(index, step), 0, kEditDomain);
  for (std::uint64_t attempt = 0; attempt < dynamics.tries; ++attempt) {
    Train train = from;
    std::vector<Operation> operations;
    auto edits = random.uniform_int(1, dynamics.max_edits);
    for (std::int64_t e = 0; e < edits; ++e) {
      auto result = intervene_randomly(train, dynamics.kinds, random, rule_);
      if (!result) break;
      operations.insert(operations.end(), result->operations.begin(), result->operations.end());
      train = result->train;
    }
    if (operations.empty() || !admitted(train) || predicates_.letter(train) != letter) continue;
    Direction label = rule_.label(train);
    out = {{std::move(train), label}, letter, StepOrigin::Edited, format_operations(operations)};
    return true;
  }
  return false;
}

}  // namespace railyard
