// Unfolded calls and fact tables (unfold.h, indexing.cpp): the answers of the clauses as written,
// whatever is redefined, added or looped later.
#include <gtest/gtest.h>

#include "tests/logic/prolog/test_support.h"

namespace railyard::prolog {
namespace {

using testing::all;
using testing::ask;
using testing::error_of;

TEST(PrologUnfold, SingleClauseCallsGiveTheSameAnswers) {
  Engine e;
  e.consult_text(
      "colour(red, 1). colour(green, 2). colour(blue, 3). colour(grey, 4). colour(pink, 5).\n"
      "car_colour(c(_, S, _), C) :- colour(S, C).\n"
      "num(c(N, _, _), N).\n"
      "pair(X, Y) :- num(X, N), num(Y, N).\n"
      "both(T, A, B) :- member(X, T), member(Y, T), car_colour(X, A), car_colour(Y, B), A < B.\n",
      "unfold.pl");
  EXPECT_EQ(ask(e, "car_colour(c(1, green, x), C)"), "C=2");
  EXPECT_EQ(ask(e, "car_colour(c(1, brown, x), C)"), "false");
  EXPECT_EQ(all(e, "car_colour(c(1, S, x), 3)", "S"), "blue");
  EXPECT_EQ(all(e, "car_colour(X, C)", "C"), "1,2,3,4,5");  // a variable car: all clauses
  EXPECT_EQ(ask(e, "car_colour(c(1, S, x), C), S == red"), "S=red, C=1");
  EXPECT_EQ(ask(e, "pair(c(1, a, b), c(N, d, e))"), "N=1");
  EXPECT_EQ(ask(e, "pair(c(1, a, b), c(2, d, e))"), "false");
  EXPECT_EQ(ask(e, "pair(c(N, a, b), c(7, d, e))"), "N=7");
  EXPECT_EQ(all(e, "both([c(1, red, a), c(2, blue, b), c(3, green, c)], A, B)", "B"), "3,2,3");
  EXPECT_EQ(ask(e, "car_colour(f(1), C)"), "false");
  EXPECT_EQ(ask(e, "car_colour(c(1, 7, x), C)"), "false");
}

TEST(PrologUnfold, ARedefinitionInALaterFileIsSeenByEarlierCallers) {
  Engine e;
  e.consult_text("shape(c(S, _), S).\nis_box(C) :- shape(C, box).\n", "background.pl");
  EXPECT_EQ(ask(e, "is_box(c(box, 1))"), "true");
  e.consult_text("shape(c(_, S), S).\n", "rule.pl");  // replaces shape/2 for is_box/1 too
  EXPECT_EQ(ask(e, "is_box(c(box, 1))"), "false");
  EXPECT_EQ(ask(e, "is_box(c(1, box))"), "true");
  e.consult_text("shape(c(S, _), S).\nshape(c(_, S), S).\n", "two.pl");  // two clauses now
  EXPECT_EQ(e.query_all("is_box(c(box, box))").size(), 2u);
}

TEST(PrologUnfold, ClausesAddedLaterInTheSameFileCount) {
  Engine e;
  e.consult_text(
      ":- discontiguous(p/1).\n"
      "p(1).\n"
      "q(X) :- p(X).\n"
      ":- q(1).\n"
      "p(2).\n",
      "later.pl");
  EXPECT_EQ(all(e, "q(X)", "X"), "1,2");
  EXPECT_TRUE(e.warnings().empty());
}

TEST(PrologUnfold, CutsAndRecursionStayCalls) {
  Engine e;
  e.consult_text(
      "t(1). t(2).\n"
      "first(X) :- t(X), !.\n"
      "user(X) :- first(X).\n"
      "user(9).\n"
      "loop(X) :- loop(X).\n"
      "ping(X) :- pong(X).\n"
      "pong(X) :- ping(X).\n"
      "deep(X) :- deeper(X).\n"
      "deeper(X) :- deepest(X).\n"
      "deepest(X) :- X > 0.\n",
      "cuts.pl");
  EXPECT_EQ(all(e, "user(X)", "X"), "1,9");  // first/1's cut cuts first/1 only
  Limits limits;
  limits.max_steps = 10'000;
  e.set_limits(limits);
  EXPECT_NE(error_of(e, "loop(1)").find("step"), std::string::npos);
  EXPECT_NE(error_of(e, "ping(1)").find("step"), std::string::npos);
  EXPECT_EQ(ask(e, "deep(1)"), "true");
  EXPECT_EQ(ask(e, "deep(0)"), "false");
  EXPECT_NE(error_of(e, "deep(a)").find("evaluable"), std::string::npos);
}

TEST(PrologUnfold, FactTablesLookUpAndStillEnumerate) {
  Engine e;
  e.consult_text(
      "name(1, one). name(2, two). name(3, three). name(4, four). name(a, letter).\n"
      "named(X, N) :- name(X, N).\n"
      "say(X, N) :- name(X, M), N = M.\n",
      "facts.pl");
  EXPECT_EQ(ask(e, "named(3, N)"), "N=three");
  EXPECT_EQ(ask(e, "named(a, N)"), "N=letter");
  EXPECT_EQ(ask(e, "named(5, N)"), "false");
  EXPECT_EQ(ask(e, "named(2, two)"), "true");
  EXPECT_EQ(ask(e, "named(2, three)"), "false");
  EXPECT_EQ(ask(e, "named(2, f(x))"), "false");
  EXPECT_EQ(ask(e, "named(2.0, N)"), "false");
  EXPECT_EQ(all(e, "named(X, N)", "X"), "1,2,3,4,a");
  EXPECT_EQ(all(e, "named(X, four)", "X"), "4");
  EXPECT_EQ(ask(e, "say(4, N)"), "N=four");
  e.consult_text("name(1, uno).\n", "more.pl");  // replaced: the table follows
  EXPECT_EQ(ask(e, "named(1, N)"), "N=uno");
  EXPECT_EQ(ask(e, "named(2, N)"), "false");
}

TEST(PrologUnfold, AFailedConsultLeavesNoStaleUnfolding) {
  Engine e;
  e.consult_text("shape(c(S, _), S).\nis_box(C) :- shape(C, box).\n", "background.pl");
  EXPECT_THROW(e.consult_text("shape(c(_, S), S).\nbroken( :- .\n", "rule.pl"), PrologError);
  EXPECT_EQ(ask(e, "is_box(c(1, box))"), "true");  // shape/2 as far as rule.pl got
  EXPECT_EQ(ask(e, "is_box(c(box, 1))"), "false");
}

TEST(PrologUnfold, HeadVariablesTakeTheCallersArguments) {
  Engine e;
  e.consult_text(
      "same(V, V).\n"
      "q(X, Y) :- same(X, Y).\n"
      "third(A, B, A) :- any(B).\n"
      "any(_).\n"
      "r(X, Y) :- third(X, Y, Z), Z == X.\n"
      "with_a(X) :- same(X, a).\n"
      "wrap(X, f(X)).\n"
      "w(Y) :- wrap(Y, Y).\n",
      "heads.pl");
  EXPECT_EQ(ask(e, "q(1, Y)"), "Y=1");
  EXPECT_EQ(ask(e, "q(1, 2)"), "false");
  EXPECT_EQ(ask(e, "q(A, B), A == B"), "true");
  EXPECT_EQ(ask(e, "r(1, 2)"), "true");
  EXPECT_EQ(ask(e, "with_a(X)"), "X=a");
  EXPECT_EQ(ask(e, "with_a(b)"), "false");
  EXPECT_EQ(ask(e, "\\+ \\+ (w(Y), Y = f(Z), Z == Y)"), "true");  // cyclic, as in SWI-Prolog
}

// Lookups at the top level of a body store the row into a variable's slot on its first
// occurrence; inside a disjunction or findall the variable stays a variable on other paths.
TEST(PrologUnfold, FirstOccurrencesInLookupsStayLocalToTheirPaths) {
  Engine e;
  e.consult_text(
      "colour(rectangle, yellow). colour(bucket, green). colour(ellipse, grey).\n"
      "colour(hexagon, red). colour(u_shaped, blue).\n"
      "t(X, C) :- member(X, [a, b]), colour(rectangle, C), C == yellow.\n"
      "u(C) :- (colour(bucket, C) ; true), var(C).\n"
      "v(S, C) :- colour(S, C), S == hexagon.\n"
      "w(R) :- member(S, [bucket, nope, 7, ellipse]), colour(S, C), R = S-C.\n"
      "x(L, C) :- findall(K, colour(rectangle, K), L), var(C).\n",
      "rows.pl");
  EXPECT_EQ(all(e, "t(X, C)", "X"), "a,b");
  EXPECT_EQ(e.query_all("u(C)").size(), 1u);
  EXPECT_EQ(ask(e, "v(S, C)"), "S=hexagon, C=red");
  EXPECT_EQ(all(e, "w(R)", "R"), "bucket-green,ellipse-grey");
  EXPECT_EQ(ask(e, "x(L, C)"), "L=[yellow]");
}

}  // namespace
}  // namespace railyard::prolog
