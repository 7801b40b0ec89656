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
#include "tools/dataset/config.h"
#include "tools/dataset/train_source.h"

namespace railyard {

class PairPlanner {
 public:
  // Throws ConfigError when the settings cannot be searched (InterventionError as config error)
  // or when check_intervention_settings refuses them (intervention_settings.h).
  PairPlanner(const DatasetConfig& config, Rule rule);

  // The twin of base train `index`, or why it has none: refused (listed, random), no flip within
  // k (flip), no edit that keeps the label (preserve), or left out by interventions.keep.
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

// A base train without a twin, and why (unpaired.jsonl).
struct Unpaired {
  std::uint64_t train = 0;
  std::string reason;
};

struct PairPlan {
  std::vector<std::uint64_t> trains;  // the base train of pair p is trains[p], ascending
  std::uint64_t considered = 0;       // base trains tried: interventions.indices, or count
};

// Tries every base train the config names, in index order, and reports those without a twin to
// `unpaired`. In listed mode with on_refusal: fail, a refused operation throws ConfigError naming
// the train index, the operation and the reason, before anything is written. A plan without a
// single pair (every train refused, or left out by interventions.keep) throws ConfigError naming
// the mode, its operations or kinds, keep, and the first train's reason: a run stops there,
// before any folder exists, instead of leaving halves with nothing in them.
PairPlan plan_pairs(const DatasetConfig& config, TrainSource& trains, PairPlanner& planner,
                    const std::function<void(const Unpaired&)>& unpaired);

}  // namespace railyard
