// Draws single cars from a distribution narrowed by constraints. The car space is small (a few
// thousand valid cars), so the exact joint distribution is tabulated once and a car costs one
// uniform draw and an inverse-CDF lookup, sped up by a guide table.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "logic/constraints.h"
#include "logic/distribution.h"
#include "logic/train.h"
#include "util/random.h"

namespace railyard {

class CarSampler {
 public:
  // Throws ConfigError naming the constraint when no car is left to sample.
  CarSampler(Distribution distribution, const Constraints& constraints);

  Car sample(RandomStream& random) const {  // position is left at 1
    return cars_[index_of(random.next_u64())];
  }
  // The support index of a 64-bit draw: the first car whose cumulative weight exceeds the draw as
  // a uniform (RandomStream::to_uniform), i.e. std::upper_bound over cumulative().
  std::size_t index_of(std::uint64_t draw) const {
    std::uint16_t guide = guide_[draw >> guide_shift_];
    std::size_t i = guide & kIndexMask;
    if (guide & kSingleCar) return i;
    double u = RandomStream::to_uniform(draw);
    while (cumulative_[i] <= u) ++i;  // stops at the last car at the latest: its cumulative is 1
    return i;
  }

  // Normalised probability of a car (0 for cars outside the support); for tests and statistics.
  double probability(const Car& car) const;
  const std::vector<Car>& support() const { return cars_; }
  std::span<const double> cumulative() const { return cumulative_; }

 private:
  static constexpr std::uint16_t kSingleCar = 1u << 15;
  static constexpr std::uint16_t kIndexMask = kSingleCar - 1;

  void build_guide();

  std::vector<Car> cars_;
  std::vector<double> cumulative_;  // cumulative_[i] = sum of weights of cars_[0..i]
  // One entry per value of the draw's top bits: the first index a draw with those bits can map
  // to, flagged kSingleCar when every such draw maps to it. Most draws then need no search.
  std::vector<std::uint16_t> guide_;
  int guide_shift_ = 0;  // 64 - the number of top bits the guide looks at
};

}  // namespace railyard
