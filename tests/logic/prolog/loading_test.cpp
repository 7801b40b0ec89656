// Consulting large programs: fact tables of hundreds of thousands of clauses load in linear work
// (counted, not timed: Engine::key_table_probes), keep their order and answer through the
// first-argument index whatever the mix of keys, and directives see the index of the clauses
// loaded so far.
#include <gtest/gtest.h>

#include <string>

#include "tests/logic/prolog/test_support.h"

namespace railyard::prolog {
namespace {

using testing::all;
using testing::ask;

// `count` clauses made by `clause(i)`, one a line.
template <class MakeClause>
std::string program(std::uint64_t count, MakeClause clause) {
  std::string text;
  text.reserve(count * 24);
  for (std::uint64_t i = 0; i < count; ++i) text += clause(i) + ".\n";
  return text;
}

std::string s(std::uint64_t v) {
  return std::to_string(v);
}

constexpr std::uint64_t kLarge = 200'000;

TEST(PrologLoading, LargeTableOfDistinctKeysLoadsAndAnswers) {
  Engine e;
  std::uint64_t before = e.key_table_probes();
  e.consult_text(program(kLarge,
                         [](std::uint64_t i) {
                           return std::string("fact(") + s(i) + ", v" + s(i % 997) + ")";
                         }),
                 "facts.pl");
  // Each clause's key is placed once and moved at most a few times as the table doubles: a loader
  // that compared each key with every earlier one would do kLarge^2/2 = 2e10 probes.
  std::uint64_t probes = e.key_table_probes() - before;
  EXPECT_GE(probes, kLarge);
  EXPECT_LT(probes, 6 * kLarge);
  EXPECT_EQ(ask(e, "fact(0, X)"), "X=v0");
  EXPECT_EQ(ask(e, "fact(123456, X)"), "X=v" + s(123456 % 997));
  EXPECT_EQ(ask(e, "fact(" + s(kLarge - 1) + ", X)"), "X=v" + s((kLarge - 1) % 997));
  EXPECT_EQ(ask(e, "fact(" + s(kLarge) + ", X)"), "false");
  EXPECT_EQ(ask(e, "fact(a, X)"), "false");
  // Clause order: the first solutions of an unindexed call are the first clauses.
  EXPECT_EQ(all(e, "fact(N, v3), N < 3000", "N"), "3,1000,1997,2994");
  EXPECT_EQ(ask(e, "aggregate_all(count, fact(_, _), N)"), "N=" + s(kLarge));
  EXPECT_EQ(ask(e, "aggregate_all(count, fact(_, v996), N)"), "N=" + s(kLarge / 997));
}

TEST(PrologLoading, LargeTableOfSharedKeysLoadsInOrder) {
  Engine e;
  std::uint64_t before = e.key_table_probes();
  e.consult_text(program(kLarge,
                         [](std::uint64_t i) {
                           return std::string("edge(k") + s(i % 1000) + ", " + s(i) + ")";
                         }),
                 "edges.pl");
  // The table goes at the first repeated key; after it, adding a clause costs no probe at all.
  EXPECT_LT(e.key_table_probes() - before, 4000u);
  std::string expected;
  for (std::uint64_t i = 7; i < kLarge; i += 1000) {
    if (!expected.empty()) expected += ',';
    expected += s(i);
  }
  EXPECT_EQ(all(e, "edge(k7, X)", "X"), expected);
  EXPECT_EQ(ask(e, "edge(k999, X), X > " + s(kLarge - 1000)), "X=" + s(kLarge - 1));
  EXPECT_EQ(ask(e, "edge(k1000, _)"), "false");
  EXPECT_EQ(ask(e, "aggregate_all(count, edge(_, _), N)"), "N=" + s(kLarge));
}

TEST(PrologLoading, ManyPredicatesLoadAndAnswer) {
  Engine e;
  e.consult_text(
      program(kLarge,
              [](std::uint64_t i) { return std::string("p") + s(i / 10) + "(" + s(i) + ", x)"; }),
      "many.pl");
  EXPECT_EQ(all(e, "p0(X, x)", "X"), "0,1,2,3,4,5,6,7,8,9");
  EXPECT_EQ(ask(e, "p" + s(kLarge / 10 - 1) + "(" + s(kLarge - 1) + ", Y)"), "Y=x");
  EXPECT_TRUE(e.defines("p" + s(kLarge / 10 - 1), 2));
  EXPECT_FALSE(e.defines("p" + s(kLarge / 10), 2));
}

// Probes for `count` distinct keys, loaded into a fresh engine.
std::uint64_t probes_for(std::uint64_t count) {
  Engine e;
  std::uint64_t before = e.key_table_probes();
  e.consult_text(program(count, [](std::uint64_t i) { return std::string("f(k") + s(i) + ")"; }),
                 "f.pl");
  return e.key_table_probes() - before;
}

TEST(PrologLoading, IndexingWorkGrowsLinearly) {
  // Ten times the clauses, about ten times the work (quadratic would be a hundred times).
  std::uint64_t small = probes_for(10'000), large = probes_for(100'000);
  EXPECT_LT(large, 14 * small) << small << " probes for 10k clauses, " << large << " for 100k";
}

TEST(PrologLoading, IndexStaysRightWhateverTheKeys) {
  Engine e;
  // Distinct keys until the last clause repeats one: every clause of key 5 is found, in order.
  e.consult_text(
      program(1000, [](std::uint64_t i) { return std::string("f(") + s(i) + ", a" + s(i) + ")"; }) +
          "f(5, again).\n",
      "repeat.pl");
  EXPECT_EQ(all(e, "f(5, X)", "X"), "a5,again");
  EXPECT_EQ(all(e, "f(999, X)", "X"), "a999");
  // A clause whose first argument is a variable matches every key, in its place.
  e.consult_text("g(1, a).\ng(2, b).\ng(_, any).\ng(3, c).\ng(4, d).\ng(5, e).\n", "var.pl");
  EXPECT_EQ(all(e, "g(3, X)", "X"), "any,c");
  EXPECT_EQ(all(e, "g(9, X)", "X"), "any");
  EXPECT_EQ(all(e, "g(1, X)", "X"), "a,any");
  // Keys of every kind: atoms, integers, functors (by name and arity), lists, floats.
  e.consult_text(
      "h(a, 1).\nh(1, 2).\nh(f(x), 3).\nh(f(x, y), 4).\nh([1], 5).\nh([], 6).\nh(1.5, 7).\n"
      "h('A b', 8).\nh(b, 9).\n",
      "kinds.pl");
  EXPECT_EQ(all(e, "h(f(_), X)", "X"), "3");
  EXPECT_EQ(all(e, "h(f(_, _), X)", "X"), "4");
  EXPECT_EQ(all(e, "h([_|_], X)", "X"), "5");
  EXPECT_EQ(all(e, "h([], X)", "X"), "6");
  EXPECT_EQ(all(e, "h(1.5, X)", "X"), "7");
  EXPECT_EQ(all(e, "h(b, X)", "X"), "9");
  EXPECT_EQ(all(e, "h(K, 2)", "K"), "1");
}

TEST(PrologLoading, DirectivesSeeTheIndexOfClausesLoadedSoFar) {
  Engine e;
  e.consult_text("k(a, 1).\nk(b, 2).\nk(c, 3).\nk(d, 4).\nk(e, 5).\n", "first.pl");
  EXPECT_EQ(ask(e, "k(e, X)"), "X=5");
  // The second file replaces k/2; its directives find the new clauses, not the first file's.
  e.consult_text(
      "k(x, 10).\nk(y, 20).\n:- k(x, 10).\n:- \\+ k(a, _).\nk(z, 30).\nk(w, 40).\nk(v, 50).\n"
      ":- k(v, 50).\n:- \\+ k(e, _).\n",
      "second.pl");
  EXPECT_TRUE(e.warnings().empty()) << e.warnings().front();
  EXPECT_EQ(all(e, "k(K, _)", "K"), "x,y,z,w,v");
  EXPECT_EQ(ask(e, "k(a, X)"), "false");
  EXPECT_EQ(ask(e, "k(w, X)"), "X=40");
}

}  // namespace
}  // namespace railyard::prolog
