// What a dataset's trains must and must not hold beyond the attribute constraints, enforced in
// the sampler's attempt loop (balanced_set.h) so every index stays a pure function of
// (seed, index, attempt):
// - exclude: held-out combinations (train_pattern.h) that no train may hold (compositional
//   generalisation: the training set never shows them);
// - require: combinations of which every train holds at least one (the hold-out test set);
// - confounder: a spurious attribute tied to the class. Each index decides from its own random
//   stream, given its class, whether its train carries the attribute (with probability `east`
//   for eastbound trains, `west` for westbound ones); attempts go on until both class and
//   attribute match.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "logic/train.h"
#include "logic/train_pattern.h"

namespace railyard {

struct Confounder {
  TrainPattern attribute;
  double east = 0.0;  // probability that an eastbound train carries the attribute
  double west = 0.0;  // ... a westbound one

  double share(Direction label) const { return label == Direction::East ? east : west; }
  bool operator==(const Confounder&) const = default;
};

struct TrainFilters {
  std::vector<TrainPattern> exclude;
  std::vector<TrainPattern> require;
  std::optional<Confounder> confounder;

  bool empty() const { return exclude.empty() && require.empty() && !confounder; }
  bool operator==(const TrainFilters&) const = default;
};

// The draw that decides whether index `index` carries the confounder: uniform in [0, 1), from
// a stream of its own, so it does not move any other random decision of the dataset.
double confounder_draw(std::uint64_t seed, std::uint64_t index);

// Why the attempts of one index were refused, for the message when an index cannot be filled.
struct AttemptTally {
  std::uint64_t attempts = 0;
  std::uint64_t held_out = 0;        // held a combination of `exclude`
  std::uint64_t unrequired = 0;      // held none of `require`
  std::uint64_t east = 0, west = 0;  // labels of the trains that passed both
  std::uint64_t wrong_class = 0;     // of those, not the class wanted (balanced sets)
  std::uint64_t confounded = 0;  // right class, but the attribute's presence was not the one drawn
};

// One attempt: whether the filters let the train through, before the rule is asked (cheap
// checks first). Counts refusals in `tally`.
inline bool admits(const TrainFilters& filters, const Train& train, AttemptTally& tally) {
  if (!filters.exclude.empty() && matches_any(filters.exclude, train)) {
    ++tally.held_out;
    return false;
  }
  if (!filters.require.empty() && !matches_any(filters.require, train)) {
    ++tally.unrequired;
    return false;
  }
  return true;
}

// The rates a tally observed, for messages: "12.5% held out by exclude, ...".
std::string describe_tally(const TrainFilters& filters, const AttemptTally& tally);

}  // namespace railyard
