#include "logic/balanced_set.h"

#include <gtest/gtest.h>

namespace railyard {
namespace {

// A stand-in rule in plain C++: eastbound when the first car is long (30% under Michalski).
Direction first_car_long(const Train& train) {
  return train.cars.front().length == Length::Long ? Direction::East : Direction::West;
}

TEST(BalancedSet, ExactlyCeilHalfWestAndFloorHalfEast) {
  TrainSampler sampler({});
  BalanceOptions options;
  for (int n : {1, 2, 7, 100}) {
    int west = 0, east = 0;
    for (int i = 0; i < n; ++i) {
      LabelledTrain t = sample_labelled(sampler, first_car_long, 11, i, options);
      EXPECT_EQ(t.label, first_car_long(t.train));
      (t.label == Direction::West ? west : east)++;
    }
    EXPECT_EQ(west, (n + 1) / 2);
    EXPECT_EQ(east, n / 2);
  }
}

TEST(BalancedSet, IndexDoesNotDependOnOtherIndices) {
  TrainSampler sampler({});
  BalanceOptions options;
  LabelledTrain alone = sample_labelled(sampler, first_car_long, 5, 37, options);
  for (int i = 0; i < 37; ++i) sample_labelled(sampler, first_car_long, 5, i, options);
  EXPECT_EQ(sample_labelled(sampler, first_car_long, 5, 37, options), alone);
}

TEST(BalancedSet, UnbalancedKeepsTheNaturalOdds) {
  TrainSampler sampler({});
  BalanceOptions options;
  options.balanced = false;
  int east = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i)
    east += sample_labelled(sampler, first_car_long, 3, i, options).label == Direction::East;
  EXPECT_NEAR(east / double(n), 0.3, 0.015);
}

TEST(BalancedSet, UnreachableClassStopsWithRuleDistributionAndRates) {
  SamplerConfig config;
  config.constraints.allow(Descriptor::Length, {"short"});
  TrainSampler sampler(config);
  BalanceOptions options;
  options.rule_name = "first_car_long";
  options.max_attempts = 500;
  EXPECT_NO_THROW(sample_labelled(sampler, first_car_long, 1, 0, options));  // west: fine
  try {
    sample_labelled(sampler, first_car_long, 1, 1, options);  // east: never
    FAIL() << "expected UnreachableClassError";
  } catch (const UnreachableClassError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("'first_car_long'"), std::string::npos) << message;
    EXPECT_NE(message.find("MichalskiTrains"), std::string::npos) << message;
    EXPECT_NE(message.find("500 attempts"), std::string::npos) << message;
    EXPECT_NE(message.find("east 0% (0) / west 100% (500)"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace railyard
