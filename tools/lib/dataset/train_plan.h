// What a dataset may ask of its trains beyond the rule's label and the sampler's filters
// (balanced_set.h), while train i stays a function of (seed, i) and the attempt it takes:
//
//   unique        no two samples carry the same symbolic train (train_key: the cars and their
//                 attributes; the viewing angle is not part of it). The plan is symbolic and made
//                 first, for every index in order: index i takes the first attempt of its own
//                 stream that sample_labelled would accept and that no earlier index took. Every
//                 shard, a resumed run and the suite's check make the same plan, so the bytes do
//                 not depend on threads or shards.
//   compositions  an east train of a split satisfies exactly one clause of the rule's
//                 eastbound/1 (single) or two or more (several), each clause alone
//                 (Rule::clauses_proved). The split of index i is known before its train: a
//                 balanced set's labels are fixed by index (target_label), and splits are made
//                 from the labels and the seed (splits.h).
//
// Without either, SampledTrains takes sample_labelled's train as it is (the same bytes as a set
// that never heard of them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "logic/balanced_set.h"
#include "logic/rule.h"
#include "tools/lib/dataset/settings/compositions.h"

namespace railyard {

// The symbolic identity of a train: each car's shape, length, wall, roof, axles, load count and
// load shape (when it has loads), front to back. Not the angle.
std::string train_key(const Train& train);

// Whether a number of satisfied clauses meets a split's composition.
bool composition_holds(Composition composition, std::size_t clauses);

// An index for which no attempt met what `key` (unique, compositions.<split>) asks; thrown before
// any file is written. An UnreachableClassError, so whoever reports those reports it.
class TrainDemandError : public UnreachableClassError {
 public:
  TrainDemandError(std::string key, const std::string& message)
      : UnreachableClassError(message), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

// What one index asks besides sample_labelled's checks.
struct TrainDemand {
  Composition composition = Composition::Any;              // for an east train
  const std::unordered_set<std::string>* taken = nullptr;  // unique: the planned trains' keys
};

// What the attempts of one index met, for the message when none is taken.
struct DemandTally {
  AttemptTally base;
  std::uint64_t taken = 0;                       // accepted, but already in the dataset
  std::vector<std::uint64_t> east_with_clauses;  // east trains of the right kind by clause count
};

struct ChosenTrain {
  std::uint64_t attempt = 0;
  LabelledTrain train;
};

// The first attempt of `index`, from 0 up to options.max_attempts, that sample_labelled would
// accept and that meets `demand`; nullopt when none does (`tally` says why).
std::optional<ChosenTrain> first_attempt(const TrainSampler& sampler, Rule& rule,
                                         std::uint64_t seed, std::uint64_t index,
                                         const BalanceOptions& options, const TrainDemand& demand,
                                         DemandTally& tally);

// The error for an index none of whose attempts was taken (unique, compositions, or the class).
[[noreturn]] void throw_unmet_demand(const TrainSampler& sampler, const Rule& rule,
                                     const BalanceOptions& options, std::uint64_t index,
                                     const TrainDemand& demand, std::size_t split,
                                     const DemandTally& tally, std::size_t planned);

}  // namespace railyard
