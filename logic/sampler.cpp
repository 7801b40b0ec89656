#include "logic/sampler.h"

#include <string>

#include "logic/errors.h"

namespace railyard {
namespace {

// Separates the sampler's streams from other per-index streams (label noise, splits).
constexpr std::uint64_t kTrainDomain = 0x7472'6169'6e00'0001ULL;

SamplerConfig validated(SamplerConfig config) {
  if (config.min_cars < 1 || config.max_cars > kMaxCars || config.min_cars > config.max_cars)
    throw ConfigError("min_cars and max_cars must satisfy 1 <= min_cars <= max_cars <= " +
                      std::to_string(kMaxCars) + " (got min_cars " +
                      std::to_string(config.min_cars) + ", max_cars " +
                      std::to_string(config.max_cars) + ")");
  return config;
}

}  // namespace

int sample_angle(RandomStream& random, bool occlusion) {
  int range = occlusion ? 70 : 60;
  int angle = static_cast<int>(random.uniform_int(-range, range));
  return random.bernoulli(0.5) ? angle + 180 : angle;
}

TrainSampler::TrainSampler(SamplerConfig config)
    : config_(validated(std::move(config))), cars_(config_.distribution, config_.constraints) {}

Train TrainSampler::sample(std::uint64_t seed, std::uint64_t index, std::uint64_t attempt) const {
  RandomStream random(seed, index, attempt, kTrainDomain);
  Train train;
  int length = static_cast<int>(random.uniform_int(config_.min_cars, config_.max_cars));
  train.cars.reserve(static_cast<std::size_t>(length));
  for (int position = 1; position <= length; ++position) {
    Car car = cars_.sample(random);
    car.position = position;
    train.cars.push_back(car);
  }
  train.angle = sample_angle(random, config_.occlusion);
  return train;
}

}  // namespace railyard
