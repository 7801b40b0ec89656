// Balanced labelled train sets: index i of a dataset is westbound when i is even and eastbound
// when odd, so any n indices hold exactly ceil(n/2) west and floor(n/2) east trains. Each index
// draws attempts from its own random stream until the label matches (and the sampler's filters,
// train_filters.h, let the train through), so train i depends only on (seed, i) and the rule.
#pragma once

#include <cstdint>
#include <optional>
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

// `wanted` is the class a balanced set needs at `index` (none for unbalanced sets).
std::string unreachable_message(const BalanceOptions& options, const SamplerConfig& config,
                                std::optional<Direction> wanted, std::uint64_t index,
                                const AttemptTally& tally);

// `label` maps a Train to its Direction (a Rule, or anything callable that way).
template <class Labeller>
LabelledTrain sample_labelled(const TrainSampler& sampler, Labeller&& label, std::uint64_t seed,
                              std::uint64_t index, const BalanceOptions& options) {
  const TrainFilters& filters = sampler.config().filters;
  std::optional<Direction> wanted;
  if (options.balanced) wanted = target_label(index);
  // Unbalanced sets without filters take the first draw as it comes.
  std::uint64_t attempts = wanted || !filters.empty() ? options.max_attempts : 1;
  double carry_draw = filters.confounder ? confounder_draw(seed, index) : 0.0;
  AttemptTally tally;
  for (std::uint64_t attempt = 0; attempt < attempts; ++attempt) {
    ++tally.attempts;
    Train train = sampler.sample(seed, index, attempt);
    if (!admits(filters, train, tally)) continue;
    Direction direction = label(train);
    ++(direction == Direction::East ? tally.east : tally.west);
    if (wanted && direction != *wanted) {
      ++tally.wrong_class;
      continue;
    }
    if (const auto& c = filters.confounder;
        c && c->attribute.matches(train) != (carry_draw < c->share(direction))) {
      ++tally.confounded;
      continue;
    }
    return {std::move(train), direction};
  }
  throw UnreachableClassError(unreachable_message(options, sampler.config(), wanted, index, tally));
}

}  // namespace railyard
