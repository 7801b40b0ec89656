#include "logic/balanced_set.h"

#include <cstdio>

namespace railyard {

Direction target_label(std::uint64_t index) {
  return index % 2 == 0 ? Direction::West : Direction::East;
}

std::string unreachable_message(const BalanceOptions& options, const SamplerConfig& config,
                                std::optional<Direction> wanted, std::uint64_t index,
                                const AttemptTally& tally) {
  std::string setting = "rule '" + options.rule_name + "' under the " +
                        std::string(distribution_name(config.distribution)) + " distribution (" +
                        std::to_string(config.min_cars) + "-" + std::to_string(config.max_cars) +
                        " cars)";
  if (!config.filters.empty()) {
    std::string target = wanted ? " (" + std::string(name(*wanted)) + "bound)" : "";
    return "cannot fill train " + std::to_string(index) + target + ": " + setting + " with " +
           "its combination filters found no fitting train in " + std::to_string(tally.attempts) +
           " attempts; observed: " + describe_tally(config.filters, tally) +
           ". Change the hold-out, required combinations, confounder, rule or constraints.";
  }
  std::uint64_t east = tally.east, attempts = tally.attempts;
  double east_share = attempts ? static_cast<double>(east) / static_cast<double>(attempts) : 0.0;
  char rates[160];
  std::snprintf(rates, sizeof rates, "observed east %.4g%% (%llu) / west %.4g%% (%llu)",
                100.0 * east_share, static_cast<unsigned long long>(east),
                100.0 * (1.0 - east_share), static_cast<unsigned long long>(attempts - east));
  std::string wanted_name(name(wanted.value_or(Direction::West)));
  return "cannot reach class " + wanted_name + " for train " + std::to_string(index) + ": " +
         setting + " gave no " + wanted_name + "bound train in " + std::to_string(attempts) +
         " attempts; " + rates + ". Change the rule, the distribution or the constraints.";
}

}  // namespace railyard
