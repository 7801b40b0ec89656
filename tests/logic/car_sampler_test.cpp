#include "logic/car_sampler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "logic/errors.h"

namespace railyard {
namespace {

double total_probability(const CarSampler& sampler) {
  double total = 0.0;
  for (const Car& car : sampler.support()) total += sampler.probability(car);
  return total;
}

TEST(CarSampler, MichalskiProbabilityIsTheProductOfTheReferenceTables) {
  CarSampler sampler(Distribution::Michalski, {});
  // short (0.7), rectangle (0.524), double (0.27), peaked (0.053), 2 axles (1), 2 loads (0.048)
  // of triangles (0.381).
  Car car{1, Shape::Rectangle, Length::Short, Wall::Double, Roof::Peaked, 2, LoadShape::Triangle,
          2};
  EXPECT_NEAR(sampler.probability(car), 0.7 * 0.524 * 0.27 * 0.053 * 0.048 * 0.381, 1e-12);
  // long (0.3), rectangle, not_double, jagged (0.223), 3 axles (0.44), no loads (0.11).
  Car empty{
      1, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::Jagged, 3, LoadShape::Rectangle, 0};
  EXPECT_NEAR(sampler.probability(empty), 0.3 * 0.223 * 0.44 * 0.11, 1e-12);
  EXPECT_NEAR(total_probability(sampler), 1.0, 1e-9);
}

TEST(CarSampler, MichalskiStructuralZeros) {
  CarSampler sampler(Distribution::Michalski, {});
  for (const Car& car : sampler.support()) {
    EXPECT_TRUE(satisfies_visual_constraints(car));
    if (car.length == Length::Long) {
      EXPECT_EQ(car.shape, Shape::Rectangle);
      EXPECT_EQ(car.wall, Wall::NotDouble);
    }
    if (car.length == Length::Short && car.shape == Shape::Ellipse) {
      EXPECT_EQ(car.roof, Roof::Arc);
    }
    if (car.length == Length::Short && car.shape == Shape::Hexagon) {
      EXPECT_EQ(car.roof, Roof::Flat);
    }
    if (car.length == Length::Short) {
      EXPECT_GE(car.load_count, 1);
    }
  }
}

TEST(CarSampler, RandomDistributionIsUniformWithinTheVisualConstraints) {
  CarSampler sampler(Distribution::Random, {});
  // short, any shape/wall/roof, 2 axles, 1 load of a given shape.
  Car car{1, Shape::Hexagon, Length::Short, Wall::Double, Roof::Arc, 2, LoadShape::Diamond, 1};
  EXPECT_NEAR(sampler.probability(car), 0.5 / 5 / 2 / 5 / 3 / 6, 1e-12);
  Car empty{1, Shape::Hexagon, Length::Long, Wall::Double, Roof::Arc, 3, LoadShape::Rectangle, 0};
  EXPECT_NEAR(sampler.probability(empty), 0.5 / 5 / 2 / 5 / 2 / 4, 1e-12);
  EXPECT_NEAR(total_probability(sampler), 1.0, 1e-9);
}

TEST(CarSampler, DrawsFollowTheTable) {
  CarSampler sampler(Distribution::Michalski, {});
  const int n = 200000;
  int short_cars = 0, three_axles = 0;
  for (int i = 0; i < n; ++i) {
    RandomStream random(7, i);
    Car car = sampler.sample(random);
    short_cars += car.length == Length::Short;
    three_axles += car.axles == 3;
  }
  // Binomial standard deviations are about 0.001; allow 5 of them.
  EXPECT_NEAR(short_cars / double(n), 0.7, 0.005);
  EXPECT_NEAR(three_axles / double(n), 0.3 * 0.44, 0.005);
}

TEST(CarSampler, AllowedSetsConditionTheDistribution) {
  Constraints constraints;
  constraints.allow(Descriptor::Shape, {"red", "blue"});  // hexagon, u_shaped
  constraints.allow(Descriptor::Roof, {"none", "flat"});
  CarSampler sampler(Distribution::Michalski, constraints);
  for (const Car& car : sampler.support()) {
    EXPECT_TRUE(car.shape == Shape::Hexagon || car.shape == Shape::UShaped);
    EXPECT_TRUE(car.roof == Roof::None || car.roof == Roof::Flat);
  }
  // Conditioning keeps the odds between allowed cars.
  Car a{1, Shape::Hexagon, Length::Short, Wall::NotDouble, Roof::Flat, 2, LoadShape::Circle, 1};
  Car b{1, Shape::UShaped, Length::Short, Wall::NotDouble, Roof::None, 2, LoadShape::Circle, 1};
  EXPECT_NEAR(sampler.probability(a) / sampler.probability(b), (0.048 * 1.0) / (0.190 * 0.842),
              1e-9);
  EXPECT_NEAR(total_probability(sampler), 1.0, 1e-9);
}

TEST(CarSampler, CustomWeightsReplaceTheDistributionsOdds) {
  Constraints constraints;
  constraints.weigh(Descriptor::Length, {{"short", 1.0}, {"long", 3.0}});
  CarSampler sampler(Distribution::Michalski, constraints);
  double long_share = 0.0;
  for (const Car& car : sampler.support())
    if (car.length == Length::Long) long_share += sampler.probability(car);
  EXPECT_NEAR(long_share, 0.75, 1e-9);
}

TEST(CarSampler, WeightsKeepTheVisualConstraints) {
  Constraints constraints;
  constraints.weigh(Descriptor::Axles, {{"2", 1.0}, {"3", 9.0}});
  CarSampler sampler(Distribution::Random, constraints);
  double short_share = 0.0, long_three = 0.0;
  for (const Car& car : sampler.support()) {
    EXPECT_TRUE(satisfies_visual_constraints(car));
    if (car.length == Length::Short) short_share += sampler.probability(car);
    if (car.length == Length::Long && car.axles == 3) long_three += sampler.probability(car);
  }
  EXPECT_NEAR(short_share, 0.5, 1e-9);  // short cars keep their 2 axles and their share
  EXPECT_NEAR(long_three, 0.5 * 0.9, 1e-9);
}

TEST(CarSampler, ConstraintThatLeavesNothingNamesItself) {
  Constraints constraints;
  constraints.allow(Descriptor::Roof, {"peaked"});
  constraints.allow(Descriptor::Length, {"long"});
  try {
    CarSampler sampler(Distribution::Michalski, constraints);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("roof in {peaked}"), std::string::npos) << message;
    EXPECT_NE(message.find("length in {long}"), std::string::npos) << message;
    EXPECT_NE(message.find("MichalskiTrains"), std::string::npos) << message;
  }
  Constraints zero;
  zero.weigh(Descriptor::Shape, {{"red", 0.0}});
  EXPECT_THROW(CarSampler(Distribution::Random, zero), ConfigError);
}

// The guide table must map every draw exactly as a binary search over the cumulative weights does
// (the sampler's output is pinned, sampler_regression_test.cpp): check draws on and around every
// cumulative weight, where a lookup is most likely to be off by one, and many random draws.
std::size_t searched_index(const CarSampler& sampler, std::uint64_t draw) {
  std::span<const double> cumulative = sampler.cumulative();
  auto it = std::upper_bound(cumulative.begin(), cumulative.end(), RandomStream::to_uniform(draw));
  if (it == cumulative.end()) --it;
  return static_cast<std::size_t>(it - cumulative.begin());
}

TEST(CarSampler, GuideTableMatchesBinarySearch) {
  Constraints weighted;
  weighted.weigh(Descriptor::Shape, {{"rectangle", 3.0}, {"hexagon", 1.0}, {"bucket", 1e-9}});
  std::vector<CarSampler> samplers = {CarSampler(Distribution::Michalski, {}),
                                      CarSampler(Distribution::Random, {}),
                                      CarSampler(Distribution::Michalski, weighted)};
  for (const CarSampler& sampler : samplers) {
    std::vector<std::uint64_t> draws = {0, ~0ULL, 1ULL << 63, (1ULL << 63) - 1};
    for (double c : sampler.cumulative()) {
      auto top = static_cast<std::uint64_t>(std::ldexp(c, 53));  // c rounded down to 53 bits
      for (std::uint64_t bits : {top - 1, top, top + 1})
        for (std::uint64_t low : {0ULL, 0x7ffULL}) draws.push_back(bits << 11 | low);
    }
    RandomStream random(1, 2);
    for (int i = 0; i < 100000; ++i) draws.push_back(random.next_u64());
    for (std::uint64_t draw : draws)
      ASSERT_EQ(sampler.index_of(draw), searched_index(sampler, draw)) << std::hex << draw;
  }
}

}  // namespace
}  // namespace railyard
