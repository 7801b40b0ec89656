#include "logic/balanced_set.h"

#include <cstdio>

namespace railyard {

Direction target_label(std::uint64_t index) {
  return index % 2 == 0 ? Direction::West : Direction::East;
}

std::string unreachable_message(const BalanceOptions& options, const SamplerConfig& config,
                                Direction wanted, std::uint64_t index, std::uint64_t east,
                                std::uint64_t attempts) {
  double east_share = attempts ? static_cast<double>(east) / static_cast<double>(attempts) : 0.0;
  char rates[160];
  std::snprintf(rates, sizeof rates, "observed east %.4g%% (%llu) / west %.4g%% (%llu)",
                100.0 * east_share, static_cast<unsigned long long>(east),
                100.0 * (1.0 - east_share), static_cast<unsigned long long>(attempts - east));
  return "cannot reach class " + std::string(name(wanted)) + " for train " + std::to_string(index) +
         ": rule '" + options.rule_name + "' under the " +
         std::string(distribution_name(config.distribution)) + " distribution (" +
         std::to_string(config.min_cars) + "-" + std::to_string(config.max_cars) +
         " cars) gave no " + std::string(name(wanted)) + "bound train in " +
         std::to_string(attempts) + " attempts; " + rates +
         ". Change the rule, the distribution or the constraints.";
}

}  // namespace railyard
