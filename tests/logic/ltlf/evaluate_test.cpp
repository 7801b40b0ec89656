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

namespace railyard::ltlf {
namespace {

// One backward pass: a million steps of a formula whose quadratic evaluation never ended (issue
// #40: G(!F a) on 10^6 steps), with the answer known by hand.
TEST(Evaluate, LongTracesInOnePass) {
  Formula f = parse_formula("G(!F a)");
  std::vector<std::uint32_t> none(1'000'000, 0u), last_a(1'000'000, 0u);
  last_a.back() = 1;
  EXPECT_TRUE(holds(f, none));
  EXPECT_FALSE(holds(f, last_a));
  Formula until = parse_formula("!b U (a & X G b)");  // atoms (b, a): 1 = b, 2 = a
  std::vector<std::uint32_t> trace(200'000, 0u);
  trace[100'000] = 2;
  for (std::size_t i = 100'001; i < trace.size(); ++i) trace[i] = 1;
  EXPECT_TRUE(holds(until, trace));
  trace[150'000] = 0;
  EXPECT_FALSE(holds(until, trace));
}

// Atoms past 32 do not fit a letter: the step-by-step form takes any number, and letters refuse
// such a formula instead of reading bits that do not exist.
TEST(Evaluate, AnyNumberOfAtomsStepByStep) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += (i ? " & F a" : "F a") + std::to_string(i);
  Formula f = parse_formula(text);
  ASSERT_EQ(f.atoms().size(), 40u);
  auto all_but = [&](std::uint32_t missing) {
    return holds(f, 40, [&](std::uint32_t atom, std::size_t step) {
      return atom == step && atom != missing;
    });
  };
  EXPECT_TRUE(all_but(99));
  for (std::uint32_t missing : {0u, 31u, 32u, 39u}) EXPECT_FALSE(all_but(missing)) << missing;
  std::vector<std::uint32_t> letters(40, ~0u);
  EXPECT_THROW(holds(f, letters), FormulaError);
}

}  // namespace
}  // namespace railyard::ltlf
