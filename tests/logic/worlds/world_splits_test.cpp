// Splits across worlds: roles by position, and held-out concept pairs checked against a
// brute-force reading of the definition.
#include "logic/worlds/world_splits.h"

#include <gtest/gtest.h>

#include <set>

namespace railyard::worlds {
namespace {

TEST(WorldSplits, ValAndTestSitInTheMiddle) {
  std::vector<WorldRole> roles = world_roles({51, 3, 3});
  ASSERT_EQ(roles.size(), 57u);
  EXPECT_EQ(roles[24], WorldRole::Train);
  EXPECT_EQ(roles[25], WorldRole::Test);
  EXPECT_EQ(roles[27], WorldRole::Test);
  EXPECT_EQ(roles[28], WorldRole::Val);
  EXPECT_EQ(roles[31], WorldRole::Train);
  EXPECT_EQ(roles[56], WorldRole::Train);
}

void expect_heldout_pairs_as_defined(const WorldSplitCounts& counts, int window, int stride) {
  std::vector<WorldRole> roles = world_roles(counts);
  int worlds = static_cast<int>(roles.size());
  auto members = [&](int k) {
    std::set<int> m;
    for (int p = k * stride; p < k * stride + window; ++p) m.insert(p);
    return m;
  };
  std::set<std::pair<int, int>> expected;
  for (int k = 0; k < worlds; ++k) {
    if (roles[static_cast<std::size_t>(k)] != WorldRole::Test) continue;
    for (int a : members(k))
      for (int b : members(k)) {
        if (a >= b) continue;
        bool elsewhere = false, a_trained = false, b_trained = false;
        for (int j = 0; j < worlds; ++j) {
          auto m = members(j);
          bool train = roles[static_cast<std::size_t>(j)] == WorldRole::Train;
          if (roles[static_cast<std::size_t>(j)] != WorldRole::Test && m.count(a) && m.count(b))
            elsewhere = true;
          a_trained |= train && m.count(a);
          b_trained |= train && m.count(b);
        }
        if (!elsewhere && a_trained && b_trained) expected.insert({a, b});
      }
  }
  std::set<std::pair<int, int>> got;
  for (const ConceptPair& p : heldout_pairs(roles, window, stride)) got.insert({p.a, p.b});
  EXPECT_EQ(got, expected);
  EXPECT_FALSE(got.empty());
}

TEST(WorldSplits, HeldOutPairsMeetOnlyInTestWorldsAndEachIsTrained) {
  expect_heldout_pairs_as_defined({51, 3, 3}, 20, 1);
  expect_heldout_pairs_as_defined({3, 1, 1}, 4, 1);
  expect_heldout_pairs_as_defined({6, 1, 1}, 6, 2);
}

TEST(WorldSplits, GraphLogCountsHoldOutSixPairs) {
  // Three test worlds in a row at stride 1 hold out 3 * 4 / 2 pairs a window apart.
  EXPECT_EQ(heldout_pairs(world_roles({51, 3, 3}), 20, 1).size(), 6u);
}

}  // namespace
}  // namespace railyard::worlds
