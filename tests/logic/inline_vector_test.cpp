#include "logic/inline_vector.h"

#include <gtest/gtest.h>

#include <numeric>
#include <span>
#include <utility>

namespace railyard {
namespace {

using Small = InlineVector<int, 3>;

Small counting(int n) {
  Small v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

TEST(InlineVector, GrowsPastItsInlineCapacity) {
  Small v = counting(3);
  EXPECT_EQ(v.capacity(), 3u);
  v.push_back(3);
  v.emplace_back(4);
  ASSERT_EQ(v.size(), 5u);
  EXPECT_GE(v.capacity(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(v[i], i);
  EXPECT_EQ(v.front(), 0);
  EXPECT_EQ(v.back(), 4);
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0), 10);
  EXPECT_EQ(std::span<const int>(v).size(), 5u);
}

TEST(InlineVector, ResizeValueInitialises) {
  Small v = {7, 8};
  v.resize(5);
  EXPECT_EQ(v, (Small{7, 8, 0, 0, 0}));
  v.resize(1);
  EXPECT_EQ(v, Small{7});
  v.resize(2);
  EXPECT_EQ(v, (Small{7, 0}));
  v.clear();
  EXPECT_TRUE(v.empty());
}

TEST(InlineVector, CopiesAndMovesInlineAndHeapContents) {
  for (int n : {0, 2, 3, 4, 9}) {
    const Small original = counting(n);
    Small copy = original;
    EXPECT_EQ(copy, original) << n;
    Small assigned = counting(7);
    assigned = original;
    EXPECT_EQ(assigned, original) << n;
    Small moved = std::move(copy);
    EXPECT_EQ(moved, original) << n;
    EXPECT_TRUE(copy.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty
    Small move_assigned = counting(1);
    move_assigned = std::move(moved);
    EXPECT_EQ(move_assigned, original) << n;
    copy.push_back(42);  // a moved-from vector is usable again
    EXPECT_EQ(copy, Small{42});
  }
  Small self = counting(5);
  Small& alias = self;
  self = alias;
  EXPECT_EQ(self, counting(5));
}

TEST(InlineVector, ComparesContentsNotCapacity) {
  Small grown = counting(5);
  grown.resize(2);
  EXPECT_EQ(grown, counting(2));
  EXPECT_NE(counting(2), counting(3));
  EXPECT_NE(counting(2), (Small{0, 2}));
}

}  // namespace
}  // namespace railyard
