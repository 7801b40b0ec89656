#include "tools/lib/dataset/train_plan.h"

#include "logic/errors.h"
#include "tools/lib/dataset/train_source.h"
#include "tools/lib/records/formats/split_names.h"

namespace railyard {
namespace {

const char* demand_text(Composition composition) {
  return composition == Composition::Single ? "exactly one" : "two or more";
}

std::string cars_text(const SamplerConfig& config) {
  return config.min_cars == config.max_cars
             ? std::to_string(config.min_cars) + " cars"
             : std::to_string(config.min_cars) + " to " + std::to_string(config.max_cars) + " cars";
}

}  // namespace

std::string train_key(const Train& train) {
  std::string key;
  key.reserve(train.cars.size() * 7);
  for (const Car& car : train.cars) {
    key += static_cast<char>(car.shape);
    key += static_cast<char>(car.length);
    key += static_cast<char>(car.wall);
    key += static_cast<char>(car.roof);
    key += static_cast<char>(car.axles);
    key += static_cast<char>(car.load_count);
    key += static_cast<char>(car.load_count > 0 ? static_cast<int>(car.load_shape) : -1);
  }
  return key;
}

bool composition_holds(Composition composition, std::size_t clauses) {
  switch (composition) {
    case Composition::Single: return clauses == 1;
    case Composition::Several: return clauses >= 2;
    case Composition::Any: break;
  }
  return true;
}

// sample_labelled's loop (balanced_set.h), check for check, with the demand's checks last.
std::optional<ChosenTrain> first_attempt(const TrainSampler& sampler, Rule& rule,
                                         std::uint64_t seed, std::uint64_t index,
                                         const BalanceOptions& options, const TrainDemand& demand,
                                         DemandTally& tally) {
  const TrainFilters& filters = sampler.config().filters;
  std::optional<Direction> wanted;
  if (options.balanced) wanted = target_label(index);
  double carry_draw = filters.confounder ? confounder_draw(seed, index) : 0.0;
  AttemptTally& base = tally.base;
  for (std::uint64_t attempt = 0; attempt < options.max_attempts; ++attempt) {
    ++base.attempts;
    Train train = sampler.sample(seed, index, attempt);
    if (!admits(filters, train, base)) continue;
    Direction direction = rule.label(train);
    ++(direction == Direction::East ? base.east : base.west);
    if (wanted && direction != *wanted) {
      ++base.wrong_class;
      continue;
    }
    if (const auto& c = filters.confounder;
        c && c->attribute.matches(train) != (carry_draw < c->share(direction))) {
      ++base.confounded;
      continue;
    }
    if (demand.composition != Composition::Any && direction == Direction::East) {
      std::size_t clauses = rule.clauses_proved(train);
      if (tally.east_with_clauses.size() <= clauses) tally.east_with_clauses.resize(clauses + 1);
      ++tally.east_with_clauses[clauses];
      if (!composition_holds(demand.composition, clauses)) continue;
    }
    if (demand.taken && demand.taken->contains(train_key(train))) {
      ++tally.taken;
      continue;
    }
    return ChosenTrain{attempt, {std::move(train), direction}};
  }
  return std::nullopt;
}

void throw_unmet_demand(const TrainSampler& sampler, const Rule& rule,
                        const BalanceOptions& options, std::uint64_t index,
                        const TrainDemand& demand, std::size_t split, const DemandTally& tally,
                        std::size_t planned) {
  std::optional<Direction> wanted;
  if (options.balanced) wanted = target_label(index);
  std::string who = "index " + std::to_string(index) +
                    (wanted ? (*wanted == Direction::East ? " (east" : " (west") : " (") +
                    std::string(wanted ? ", " : "") + kSplitNames[split] + " split)";
  std::string attempts = std::to_string(options.max_attempts) + " attempts (max_attempts)";
  if (tally.taken > 0) {
    throw TrainDemandError(
        "unique", "unique: " + who + " found no train that is not already in the dataset in " +
                      attempts + ": " + std::to_string(planned) +
                      " distinct trains found before it, and " + std::to_string(tally.taken) +
                      " of its attempts repeated one; rule " + options.rule_name + ", " +
                      cars_text(sampler.config()) +
                      ". Lower count, widen the trains (min_cars, max_cars, constraints) or raise "
                      "max_attempts");
  }
  std::uint64_t east_drawn = 0;
  for (std::uint64_t n : tally.east_with_clauses) east_drawn += n;
  if (demand.composition != Composition::Any && east_drawn > 0) {
    std::string seen;
    for (std::size_t k = 0; k < tally.east_with_clauses.size(); ++k)
      if (tally.east_with_clauses[k] > 0)
        seen += (seen.empty() ? "" : ", ") + std::to_string(tally.east_with_clauses[k]) + " with " +
                std::to_string(k);
    throw TrainDemandError(std::string("compositions.") + kSplitNames[split],
                           std::string("compositions.") + kSplitNames[split] + " (" +
                               std::string(kCompositionNames.name(demand.composition)) +
                               "): " + who + " found no east train " + "satisfying " +
                               demand_text(demand.composition) + " of the " +
                               std::to_string(rule.clause_count()) + " clauses of " +
                               options.rule_name + "'s eastbound/1 in " + attempts +
                               "; clauses satisfied by the east trains drawn: " + seen);
  }
  throw UnreachableClassError(
      unreachable_message(options, sampler.config(), wanted, index, tally.base));
}

LabelledTrain SampledTrains::train(std::uint64_t index) {
  if (!plan_.empty()) {
    Train train = sampler_.sample(seed_, index, plan_.at(index));
    Direction label = rule_.label(train);
    return {std::move(train), label};
  }
  if (!compositions_) {
    auto label = [&](const Train& t) { return rule_.label(t); };
    return sample_labelled(sampler_, label, seed_, index, balance_);
  }
  TrainDemand demand{compositions_->of(split_of(index)), nullptr};
  DemandTally tally;
  std::optional<ChosenTrain> chosen =
      first_attempt(sampler_, rule_, seed_, index, balance_, demand, tally);
  if (!chosen)
    throw_unmet_demand(sampler_, rule_, balance_, index, demand, split_of(index), tally, 0);
  return std::move(chosen->train);
}

std::optional<std::uint32_t> SampledTrains::clauses(const Train& train) {
  if (!compositions_) return std::nullopt;
  return static_cast<std::uint32_t>(rule_.clauses_proved(train));
}

std::size_t SampledTrains::split_of(std::uint64_t index) const {
  return index < split_of_.size() ? split_of_[index] : 0;
}

void SampledTrains::require_compositions(const Compositions& compositions,
                                         std::vector<std::uint8_t> split_of) {
  if (!balance_.balanced)
    throw ConfigError(
        "compositions: a split's east trains are chosen by the split of their index, known "
        "before sampling only in a balanced set; this one takes the rule's natural odds");
  std::size_t clauses = rule_.clause_count();
  if (clauses < 2)
    throw ConfigError("compositions: " + balance_.rule_name + "'s eastbound/1 has " +
                      std::to_string(clauses) +
                      " clause; single and several count the clauses an east train satisfies, "
                      "so the rule needs two or more");
  compositions_ = compositions;
  split_of_ = std::move(split_of);
}

void SampledTrains::plan_unique(std::uint64_t count) {
  std::unordered_set<std::string> taken;
  taken.reserve(count);
  plan_.clear();
  std::vector<std::uint32_t> plan;
  plan.reserve(count);
  for (std::uint64_t index = 0; index < count; ++index) {
    TrainDemand demand{compositions_ ? compositions_->of(split_of(index)) : Composition::Any,
                       &taken};
    DemandTally tally;
    std::optional<ChosenTrain> chosen =
        first_attempt(sampler_, rule_, seed_, index, balance_, demand, tally);
    if (!chosen)
      throw_unmet_demand(sampler_, rule_, balance_, index, demand, split_of(index), tally,
                         taken.size());
    taken.insert(train_key(chosen->train.train));
    plan.push_back(static_cast<std::uint32_t>(chosen->attempt));
  }
  plan_ = std::move(plan);
}

}  // namespace railyard
