#include "logic/ltlf/evaluate.h"

#include <gtest/gtest.h>

#include <vector>

namespace railyard::ltlf {
namespace {

bool on(std::string_view text, std::vector<std::uint32_t> trace) {
  return holds(parse_formula(text), trace);
}

TEST(Evaluate, EmptyTraceConvention) {
  for (const char* yes : {"true", "G p", "WX p", "p R q", "!p", "!X p", "!F p", "!last", "G false",
                          "p -> q", "X p -> q"})
    EXPECT_TRUE(on(yes, {})) << yes;
  for (const char* no : {"false", "p", "X p", "F p", "p U q", "last", "!G p", "F true", "!WX p"})
    EXPECT_FALSE(on(no, {})) << no;
}

TEST(Evaluate, NextAndLast) {
  // Letters over (p): 1 = p.
  EXPECT_FALSE(on("X p", {1}));
  EXPECT_TRUE(on("WX p", {1}));
  EXPECT_TRUE(on("X p", {0, 1}));
  EXPECT_FALSE(on("WX p", {0, 0}));
  EXPECT_TRUE(on("last", {0}));
  EXPECT_FALSE(on("last", {0, 0}));
  EXPECT_TRUE(on("F(last & p)", {0, 0, 1}));
  EXPECT_FALSE(on("F(last & p)", {0, 1, 0}));
}

TEST(Evaluate, UntilAndRelease) {
  // Letters over (p, q): 1 = p, 2 = q.
  EXPECT_TRUE(on("p U q", {1, 1, 2}));
  EXPECT_FALSE(on("p U q", {1, 1, 1}));
  EXPECT_FALSE(on("p U q", {1, 0, 2}));
  EXPECT_TRUE(on("p U q", {2}));
  EXPECT_TRUE(on("p R q", {2, 2, 2}));
  EXPECT_TRUE(on("p R q", {2, 3, 0}));
  EXPECT_FALSE(on("p R q", {2, 0, 3}));
  EXPECT_TRUE(on("F G p", {0, 1}));
  EXPECT_TRUE(on("G F p", {0, 1}));
  EXPECT_FALSE(on("G F p", {1, 0}));
}

}  // namespace
}  // namespace railyard::ltlf
