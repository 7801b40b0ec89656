// The search's set of trains: exact membership (tags apart), growth, and clearing.
#include "logic/intervention/train_set.h"

#include <gtest/gtest.h>

#include <set>

#include "logic/rule.h"
#include "logic/sampler.h"
#include "tests/logic/intervention/printers.h"

namespace railyard {
namespace {

TEST(TrainSet, RemembersTrainsAndTags) {
  TrainSampler sampler({});
  Train a = sampler.sample(1, 0), b = sampler.sample(1, 1);
  ASSERT_NE(a, b);
  TrainSet set;
  EXPECT_TRUE(set.insert(a, 0));
  EXPECT_FALSE(set.insert(a, 0));
  EXPECT_TRUE(set.insert(a, 1));  // another tag is another entry
  EXPECT_TRUE(set.insert(b, 0));
  EXPECT_EQ(set.size(), 3u);
  // The angle is not part of a picture's cars; a load shape without loads is no difference.
  Train turned = a;
  turned.angle += 90;
  EXPECT_FALSE(set.insert(turned, 0));
  Train empty = a;
  empty.cars[0].load_count = 0;
  empty.cars[0].load_shape = LoadShape::Circle;
  Train other_empty = empty;
  other_empty.cars[0].load_shape = LoadShape::Diamond;
  EXPECT_TRUE(set.insert(empty, 0));
  EXPECT_FALSE(set.insert(other_empty, 0));
  set.clear();
  EXPECT_EQ(set.size(), 0u);
  EXPECT_TRUE(set.insert(a, 0));
}

TEST(TrainSet, GrowsAndStaysExact) {
  SamplerConfig config;
  config.distribution = Distribution::Random;
  config.min_cars = 1;
  config.max_cars = 12;
  TrainSampler sampler(config);
  std::vector<Train> trains;
  for (std::uint64_t i = 0; i < 20'000; ++i) trains.push_back(sampler.sample(2, i));
  // The exact count of distinct trains, from their Prolog terms.
  std::set<std::string> distinct;
  for (const Train& train : trains) distinct.insert(train_term(train));
  TrainSet set;
  for (int round = 0; round < 3; ++round) {
    std::size_t fresh = 0;
    for (const Train& train : trains) fresh += set.insert(train, 0);
    EXPECT_EQ(fresh, distinct.size());
    EXPECT_EQ(set.size(), fresh);
    for (const Train& train : trains) EXPECT_FALSE(set.insert(train, 0));
    set.clear();
  }
}

}  // namespace
}  // namespace railyard
