#include "logic/sampler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "logic/errors.h"

namespace railyard {
namespace {

TEST(TrainSampler, TrainDependsOnlyOnSeedAndIndex) {
  TrainSampler sampler({});
  std::vector<Train> forward, backward(100);
  for (int i = 0; i < 100; ++i) forward.push_back(sampler.sample(42, i));
  for (int i = 99; i >= 0; --i) backward[i] = sampler.sample(42, i);
  EXPECT_EQ(forward, backward);
  EXPECT_NE(sampler.sample(42, 0), sampler.sample(43, 0));
  EXPECT_NE(sampler.sample(42, 0, 0), sampler.sample(42, 0, 1));
}

TEST(TrainSampler, LengthIsUniformInTheConfiguredRange) {
  SamplerConfig config;
  config.min_cars = 3;
  config.max_cars = 7;
  TrainSampler sampler(config);
  std::map<std::size_t, int> counts;
  const int n = 50000;
  for (int i = 0; i < n; ++i) {
    Train train = sampler.sample(1, i);
    ++counts[train.cars.size()];
    for (std::size_t c = 0; c < train.cars.size(); ++c)
      EXPECT_EQ(train.cars[c].position, static_cast<int>(c) + 1);
  }
  ASSERT_EQ(counts.size(), 5u);
  EXPECT_EQ(counts.begin()->first, 3u);
  EXPECT_EQ(counts.rbegin()->first, 7u);
  for (auto [length, count] : counts) EXPECT_NEAR(count / double(n), 0.2, 0.01) << length;
}

TEST(TrainSampler, ExactLengthAndLongTrains) {
  SamplerConfig config;
  config.min_cars = config.max_cars = 20;
  TrainSampler sampler(config);
  EXPECT_EQ(sampler.sample(5, 5).cars.size(), 20u);
}

TEST(TrainSampler, RejectsImpossibleLengths) {
  for (auto [lo, hi] : {std::pair{0, 3}, {4, 3}, {1, 21}}) {
    SamplerConfig config;
    config.min_cars = lo;
    config.max_cars = hi;
    EXPECT_THROW(TrainSampler{config}, ConfigError) << lo << ".." << hi;
  }
}

TEST(TrainSampler, AnglesFollowTheReference) {
  for (bool occlusion : {false, true}) {
    SamplerConfig config;
    config.occlusion = occlusion;
    TrainSampler sampler(config);
    int range = occlusion ? 70 : 60, flipped = 0, lo = 1000, hi = -1000;
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
      int angle = sampler.sample(9, i).angle;
      bool turned = angle > 90;
      flipped += turned;
      int base = turned ? angle - 180 : angle;
      lo = std::min(lo, base);
      hi = std::max(hi, base);
    }
    EXPECT_EQ(lo, -range);
    EXPECT_EQ(hi, range);
    EXPECT_NEAR(flipped / double(n), 0.5, 0.02);
  }
}

TEST(TrainSampler, ConstraintsApplyToEveryCar) {
  SamplerConfig config;
  config.distribution = Distribution::Random;
  config.constraints.allow(Descriptor::Shape, {"red", "blue"});
  config.constraints.allow(Descriptor::Roof, {"none"});
  TrainSampler sampler(config);
  for (int i = 0; i < 1000; ++i)
    for (const Car& car : sampler.sample(3, i).cars) {
      EXPECT_TRUE(car.shape == Shape::Hexagon || car.shape == Shape::UShaped);
      EXPECT_EQ(car.roof, Roof::None);
    }
}

TEST(Distribution, ParsesReferenceAndShortNames) {
  EXPECT_EQ(kDistributionNames.parse("MichalskiTrains"), Distribution::Michalski);
  EXPECT_EQ(kDistributionNames.parse("random"), Distribution::Random);
  EXPECT_FALSE(kDistributionNames.parse("gaussian").has_value());
  EXPECT_EQ(distribution_name(Distribution::Random), "RandomTrains");
}

}  // namespace
}  // namespace railyard
