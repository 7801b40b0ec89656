// The symbolic half of a pairs dataset: which base trains get an intervened twin, and the twin of
// each. Every twin is a pure function of the base train's index (its train, the config's mode and
// rule, and, for random and preserve, the index's own intervention stream), so a plan made by any
// process, shard or resumed run is the same plan.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "logic/intervention/intervention.h"
#include "logic/rule.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/train_source.h"
#include "tools/lib/records/pair_record.h"

namespace railyard {

class PairPlanner {
 public:
  // Throws ConfigError when the settings cannot be searched (InterventionError as config error)
  // or when check_intervention_settings refuses them (intervention_settings.h).
  PairPlanner(const DatasetConfig& config, Rule rule);

  // The twin of base train `index`, or why it has none: refused (listed, random), no flip within
  // k (flip), no edit that keeps the label (preserve), left out by interventions.keep, or the
  // same train (operations that change nothing on it).
  Expected<Intervention> twin(std::uint64_t index, const Train& base);

  // Whether a refusal of twin() came from a listed operation (the only kind that can stop a run).
  bool refused_operation() const { return refused_operation_; }

 private:
  Expected<Intervention> intervention(std::uint64_t index, const Train& base);
  Expected<Intervention> kept(Expected<Intervention> result) const;

  InterventionSettings settings_;
  std::uint64_t seed_;
  std::unique_ptr<Rule> rule_;  // the search holds a reference: an address that stays
  std::optional<CounterfactualSearch> search_;
  bool refused_operation_ = false;
};

// The base trains a config tries, ascending, each once: interventions.indices in listed mode
// (when given), or 0..count-1, computed as they are walked (a billion of them hold no memory).
class BaseTrains {
 public:
  BaseTrains(const InterventionSettings& settings, std::uint64_t count);
  std::uint64_t size() const { return listed_ ? indices_.size() : count_; }
  std::uint64_t operator[](std::uint64_t i) const { return listed_ ? indices_[i] : i; }

 private:
  bool listed_ = false;
  std::vector<std::uint64_t> indices_;  // sorted, unique
  std::uint64_t count_ = 0;
};

// One pair of the plan: pair p is the p-th base train with a twin, in index order.
struct PlannedPair {
  std::uint64_t pair = 0, train = 0;
  LabelledTrain base;
  Intervention twin;
};

// The plan, walked lazily: each call of next() tries base trains in index order until one has a
// twin, reporting those without one to `unpaired`. Memory and start-up do not grow with the count.
// Throws ConfigError, as plan_pairs does, in listed mode with on_refusal: fail when a train
// refuses an operation (naming the train, the operation and the reason), and when the end comes
// without a single pair (naming the settings and the first train's reason).
class PairStream {
 public:
  PairStream(const DatasetConfig& config, TrainSource& trains, PairPlanner& planner,
             std::function<void(const UnpairedTrain&)> unpaired = {});

  // The next pair, or nullopt at the end or once `max_trains` base trains were tried without one.
  std::optional<PlannedPair> next(std::uint64_t max_trains = UINT64_MAX);

  bool finished() const { return considered_ == base_.size(); }
  std::uint64_t considered() const { return considered_; }  // base trains tried so far
  std::uint64_t base_trains() const { return base_.size(); }
  std::uint64_t pairs() const { return pairs_; }  // pairs returned so far

 private:
  const InterventionSettings& settings_;
  TrainSource& trains_;
  PairPlanner& planner_;
  std::function<void(const UnpairedTrain&)> unpaired_;
  BaseTrains base_;
  std::uint64_t considered_ = 0, pairs_ = 0;
  std::optional<UnpairedTrain> first_unpaired_;
};

// Pair `pair` of the plan again, knowing its base train `train` (a twin is a pure function of
// the train's index): how a run writing tar shards, which walked the plan once before rendering,
// takes up any pair of it. Throws std::logic_error when `train` has no twin.
PlannedPair planned_pair(std::uint64_t pair, std::uint64_t train, TrainSource& trains,
                         PairPlanner& planner);

// How many base trains the start-up check tries in listed mode with on_refusal: fail.
inline constexpr std::uint64_t kCheckedPrefix = 10000;

// What a run checks before any file: in listed mode with on_refusal: fail, the first
// `listed_prefix` base trains (all when fewer), so that a refused operation there stops the run
// before anything is written; in any mode, the trains up to the first pair, so that a plan without
// a single pair is refused before any folder exists. Throws the ConfigErrors of PairStream. A
// refusal further on than the prefix stops the run where the render reaches it, with the same
// message naming the train; the pairs finished by then stay valid, and a rerun resumes them.
void check_plan_start(const DatasetConfig& config, TrainSource& trains, PairPlanner& planner,
                      std::uint64_t listed_prefix = kCheckedPrefix);

struct PairPlan {
  std::uint64_t pairs = 0;       // pairs in the plan
  std::uint64_t considered = 0;  // base trains tried: interventions.indices, or count
};

// Walks the whole plan (a PairStream to its end), calling `paired` with each pair in order and
// reporting the trains without a twin to `unpaired`; throws its ConfigErrors. O(count) in time,
// flat in memory: for finalising runs and for tests.
PairPlan plan_pairs(const DatasetConfig& config, TrainSource& trains, PairPlanner& planner,
                    const std::function<void(const UnpairedTrain&)>& unpaired,
                    const std::function<void(const PlannedPair&)>& paired = {});

}  // namespace railyard
