// Symbolic train samplers: the Michalski distribution and the random (uniform) distribution of the
// reference, with attribute constraints from the configuration.
//
// Sampling is a pure function of (seed, index, attempt): train i never depends on how many trains
// were drawn before it, on the thread count or on sharding.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "logic/car_sampler.h"
#include "logic/constraints.h"
#include "logic/distribution.h"
#include "logic/train.h"
#include "logic/train_filters.h"

namespace railyard {

struct SamplerConfig {
  Distribution distribution = Distribution::Michalski;
  int min_cars = 2;  // 1 <= min_cars <= max_cars <= kMaxCars
  int max_cars = 4;
  bool occlusion = false;  // wider rotation range, see sample_angle
  Constraints constraints;
  TrainFilters filters;  // hold-outs, required combinations, confounder (train_filters.h)
};

inline constexpr int kMaxCars = 20;

// The viewpoint of a train: an integer uniform in [-60, 60] ([-70, 70] with occlusion), plus 180
// with probability 1/2, as in the reference.
int sample_angle(RandomStream& random, bool occlusion);

class TrainSampler {
 public:
  // Throws ConfigError when the configuration is invalid or a constraint leaves nothing to sample.
  explicit TrainSampler(SamplerConfig config);

  // The train for one attempt at one index of a dataset.
  Train sample(std::uint64_t seed, std::uint64_t index, std::uint64_t attempt = 0) const;

  const SamplerConfig& config() const { return config_; }

 private:
  SamplerConfig config_;
  CarSampler cars_;
};

}  // namespace railyard
