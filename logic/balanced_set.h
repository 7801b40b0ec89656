// Balanced labelled train sets: index i of a dataset is westbound when i is even and eastbound
// when odd, so any n indices hold exactly ceil(n/2) west and floor(n/2) east trains. Each index
// draws attempts from its own random stream until the label matches, so train i depends only on
// (seed, i) and the rule.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "logic/sampler.h"
#include "logic/train.h"
#include "logic/vocabulary.h"

namespace railyard {

struct BalanceOptions {
  bool balanced = true;                  // false: the rule's natural east/west odds
  std::uint64_t max_attempts = 100'000;  // per index, before the class counts as unreachable
  std::string rule_name;                 // for the error message
};

Direction target_label(std::uint64_t index);

// Thrown when an index reaches max_attempts; the message gives the rule, the distribution and
// the east/west rates observed in those attempts.
class UnreachableClassError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string unreachable_message(const BalanceOptions& options, const SamplerConfig& config,
                                Direction wanted, std::uint64_t index, std::uint64_t east,
                                std::uint64_t attempts);

// `label` maps a Train to its Direction (a Rule, or anything callable that way).
template <class Labeller>
LabelledTrain sample_labelled(const TrainSampler& sampler, Labeller&& label, std::uint64_t seed,
                              std::uint64_t index, const BalanceOptions& options) {
  if (!options.balanced) {
    Train train = sampler.sample(seed, index);
    Direction direction = label(train);
    return {std::move(train), direction};
  }
  Direction wanted = target_label(index);
  std::uint64_t east = 0;
  for (std::uint64_t attempt = 0; attempt < options.max_attempts; ++attempt) {
    Train train = sampler.sample(seed, index, attempt);
    Direction direction = label(train);
    if (direction == wanted) return {std::move(train), direction};
    east += direction == Direction::East;
  }
  throw UnreachableClassError(
      unreachable_message(options, sampler.config(), wanted, index, east, options.max_attempts));
}

}  // namespace railyard
