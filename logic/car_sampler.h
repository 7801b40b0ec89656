// Draws single cars from a distribution narrowed by constraints. The car space is small (a few
// thousand valid cars), so the exact joint distribution is tabulated once and a car costs one
// uniform draw and a binary search.
#pragma once

#include <vector>

#include "logic/constraints.h"
#include "logic/distribution.h"
#include "logic/random.h"
#include "logic/train.h"

namespace railyard {

class CarSampler {
 public:
  // Throws ConfigError naming the constraint when no car is left to sample.
  CarSampler(Distribution distribution, const Constraints& constraints);

  Car sample(RandomStream& random) const;  // position is left at 1
  // Normalised probability of a car (0 for cars outside the support); for tests and statistics.
  double probability(const Car& car) const;
  const std::vector<Car>& support() const { return cars_; }

 private:
  std::vector<Car> cars_;
  std::vector<double> cumulative_;  // cumulative_[i] = sum of weights of cars_[0..i]
};

}  // namespace railyard
