#include "tools/lib/dataset/splits.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "logic/errors.h"

namespace railyard {
namespace {

std::vector<Direction> alternating(std::size_t n) {
  std::vector<Direction> labels;
  for (std::size_t i = 0; i < n; ++i) labels.push_back(i % 2 ? Direction::East : Direction::West);
  return labels;
}

std::size_t count_east(const std::vector<std::uint64_t>& indices,
                       const std::vector<Direction>& labels) {
  return std::count_if(indices.begin(), indices.end(),
                       [&](std::uint64_t i) { return labels[i] == Direction::East; });
}

TEST(Splits, PartitionTheDatasetStratifiedByLabel) {
  auto labels = alternating(1000);
  Splits s = make_splits(labels, {0.8, 0.1, 0.1}, {}, 7);
  EXPECT_EQ(s.train.size(), 800u);
  EXPECT_EQ(s.val.size(), 100u);
  EXPECT_EQ(s.test.size(), 100u);
  EXPECT_EQ(count_east(s.train, labels), 400u);
  EXPECT_EQ(count_east(s.val, labels), 50u);
  std::set<std::uint64_t> all(s.train.begin(), s.train.end());
  all.insert(s.val.begin(), s.val.end());
  all.insert(s.test.begin(), s.test.end());
  EXPECT_EQ(all.size(), 1000u);  // disjoint and complete
  EXPECT_TRUE(std::is_sorted(s.train.begin(), s.train.end()));
}

TEST(Splits, DeterministicFromTheSeed) {
  auto labels = alternating(300);
  Splits a = make_splits(labels, {0.6, 0.2, 0.2}, {10}, 1);
  Splits b = make_splits(labels, {0.6, 0.2, 0.2}, {10}, 1);
  Splits c = make_splits(labels, {0.6, 0.2, 0.2}, {10}, 2);
  EXPECT_EQ(a.train, b.train);
  EXPECT_EQ(a.subsets, b.subsets);
  EXPECT_NE(a.train, c.train);
}

TEST(Splits, SubsetsAreNestedBalancedAndInsideTrain) {
  std::vector<Direction> labels = alternating(2000);
  for (std::size_t i = 0; i < 600; ++i) labels[i * 3] = Direction::East;  // unbalanced labels
  std::vector<std::uint64_t> sizes{10, 100, 1000};
  Splits s = make_splits(labels, {0.8, 0.1, 0.1}, sizes, 3);
  std::set<std::uint64_t> train(s.train.begin(), s.train.end());
  double train_east = static_cast<double>(count_east(s.train, labels)) / s.train.size();
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    ASSERT_EQ(s.subsets[k].size(), sizes[k]);
    for (std::uint64_t i : s.subsets[k]) EXPECT_TRUE(train.count(i));
    if (k > 0) {
      EXPECT_TRUE(std::includes(s.subsets[k].begin(), s.subsets[k].end(), s.subsets[k - 1].begin(),
                                s.subsets[k - 1].end()));
    }
    EXPECT_NEAR(static_cast<double>(count_east(s.subsets[k], labels)) / sizes[k], train_east,
                1.0 / sizes[k] + 1e-9);
  }
}

TEST(Splits, SubsetLargerThanTrainIsAnError) {
  auto labels = alternating(100);
  EXPECT_THROW(make_splits(labels, {0.5, 0.25, 0.25}, {60}, 0), ConfigError);
}

}  // namespace
}  // namespace railyard
