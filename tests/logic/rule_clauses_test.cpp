// Rule::clause_count, clauses_proving and clauses_proved: which clauses of the goal predicate
// prove a train each on its own (a world's "concepts satisfied").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "logic/rule.h"

namespace railyard {
namespace {

const std::filesystem::path kRules = std::filesystem::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";
const std::filesystem::path kBackground = kRules / "background.pl";

using Bits = std::vector<bool>;

Car car(int position, Shape shape, Length length, int axles, int loads, Wall wall = Wall::NotDouble,
        Roof roof = Roof::None, LoadShape load_shape = LoadShape::Circle) {
  return make_car(position, shape, length, wall, roof, axles, load_shape, loads);
}

Rule inline_rule(const std::string& text) {
  return Rule::from_text(text, "inline.pl", kBackground);
}

TEST(RuleClauses, ComplexHasThreeClausesEachProvedAlone) {
  Rule rule = Rule::load(kRules / "complex.pl", kBackground);
  EXPECT_EQ(rule.clause_count(), 3u);

  // Clause 1 only: position 1 < 2 loads and 1 < 2 axles; one car, so no pair and no three
  // colours.
  Train first{{car(1, Shape::Rectangle, Length::Short, 2, 2)}};
  EXPECT_EQ(rule.clauses_proving(first), (Bits{true, false, false}));
  EXPECT_EQ(rule.clauses_proved(first), 1u);

  // Clause 2 only: a short and a long yellow car, 1 < the long car's 2 axles; one load each, so
  // no car has position < loads; two colours only.
  Train second{{car(1, Shape::Rectangle, Length::Short, 2, 1),
                car(2, Shape::Rectangle, Length::Long, 2, 1)}};
  EXPECT_EQ(rule.clauses_proving(second), (Bits{false, true, false}));
  EXPECT_EQ(rule.clauses_proved(second), 1u);

  // Clause 3 only: three colours, all cars short and empty. Its body backtracks over the cars.
  Train third{{car(1, Shape::Rectangle, Length::Short, 2, 0),
               car(2, Shape::Bucket, Length::Short, 2, 0),
               car(3, Shape::Ellipse, Length::Short, 2, 0)}};
  EXPECT_EQ(rule.clauses_proving(third), (Bits{false, false, true}));
  EXPECT_EQ(rule.clauses_proved(third), 1u);

  // All three.
  Train all{
      {car(1, Shape::Rectangle, Length::Short, 2, 2), car(2, Shape::Rectangle, Length::Long, 2, 1),
       car(3, Shape::Bucket, Length::Short, 2, 0), car(4, Shape::Ellipse, Length::Short, 2, 0)}};
  EXPECT_EQ(rule.clauses_proving(all), (Bits{true, true, true}));
  EXPECT_EQ(rule.clauses_proved(all), 3u);

  // None: one short open car with one load.
  Train none{{car(1, Shape::Rectangle, Length::Short, 2, 1)}};
  EXPECT_EQ(rule.clauses_proving(none), (Bits{false, false, false}));
  EXPECT_EQ(rule.clauses_proved(none), 0u);

  // Labelling is unchanged around it, and agrees: east when some clause proves the train.
  for (const Train* t : {&first, &second, &third, &all, &none})
    EXPECT_EQ(rule.label(*t) == Direction::East, rule.clauses_proved(*t) > 0);
}

TEST(RuleClauses, FourClausesOfWhichExactlyTwoHold) {
  Rule rule = inline_rule(
      "eastbound(T) :- has_car(T, C), short(C).\n"
      "eastbound(T) :- has_car(T, C), long(C).\n"
      "eastbound(T) :- has_car(T, C), double(C).\n"
      "eastbound([_, _, _|_]).\n");
  EXPECT_EQ(rule.clause_count(), 4u);
  Train train{
      {car(1, Shape::Rectangle, Length::Short, 2, 1), car(2, Shape::Bucket, Length::Long, 3, 2)}};
  EXPECT_EQ(rule.clauses_proving(train), (Bits{true, true, false, false}));
  EXPECT_EQ(rule.clauses_proved(train), 2u);
  EXPECT_EQ(rule.label(train), Direction::East);

  Train three{{car(1, Shape::Rectangle, Length::Long, 2, 1, Wall::Double),
               car(2, Shape::Bucket, Length::Long, 3, 2),
               car(3, Shape::Bucket, Length::Long, 2, 0)}};
  EXPECT_EQ(rule.clauses_proving(three), (Bits{false, true, true, true}));
  EXPECT_EQ(rule.clauses_proved(three), 3u);
}

TEST(RuleClauses, BodiesBacktrackAndCutsStayInTheirClause) {
  Rule rule = inline_rule(
      // Needs backtracking into has_car/2 up to the last car.
      "eastbound(T) :- has_car(T, C), load_num(C, N), N >= 3, has_wheel0(C, W), W >= 3.\n"
      // Leaves choicepoints, then fails: it must not fall through to another clause.
      "eastbound(T) :- has_car(T, C), long(C), fail.\n"
      // The cut commits to the first short car, which is not double.
      "eastbound(T) :- has_car(T, C), short(C), !, double(C).\n"
      // Backtracking over two generators and between/3.
      "eastbound(T) :- has_car(T, A), has_car(T, B), A \\== B, has_load(A, X), has_load(B, X), "
      "X >= 2.\n"
      "eastbound(_).\n");
  EXPECT_EQ(rule.clause_count(), 5u);
  Train train{{car(1, Shape::Rectangle, Length::Short, 2, 1),
               car(2, Shape::Rectangle, Length::Long, 3, 3),
               car(3, Shape::Rectangle, Length::Short, 2, 1, Wall::Double),
               car(4, Shape::Bucket, Length::Long, 3, 3)}};
  EXPECT_EQ(rule.clauses_proving(train), (Bits{true, false, false, true, true}));
  EXPECT_EQ(rule.clauses_proved(train), 3u);

  Train small{{car(1, Shape::Rectangle, Length::Short, 3, 2, Wall::Double),
               car(2, Shape::Rectangle, Length::Long, 2, 1)}};
  EXPECT_EQ(rule.clauses_proving(small), (Bits{false, false, true, false, true}));
}

TEST(RuleClauses, RecursiveClauses) {
  Rule theoryx = Rule::load(kRules / "theoryx.pl", kBackground);
  EXPECT_EQ(theoryx.clause_count(), 1u);
  Train east{{car(1, Shape::Rectangle, Length::Long, 2, 1),
              car(2, Shape::Rectangle, Length::Short, 2, 1, Wall::NotDouble, Roof::Flat)}};
  Train west{{car(1, Shape::Rectangle, Length::Short, 2, 1),
              car(2, Shape::Rectangle, Length::Long, 2, 1, Wall::NotDouble, Roof::Flat)}};
  EXPECT_EQ(theoryx.clauses_proving(east), (Bits{true}));
  EXPECT_EQ(theoryx.clauses_proving(west), (Bits{false}));
  EXPECT_EQ(theoryx.label(east), Direction::East);
  EXPECT_EQ(theoryx.label(west), Direction::West);

  // The recursive call uses the whole predicate, not only the clause being tried.
  Rule rule = inline_rule(
      "eastbound([C|_]) :- double(C).\n"
      "eastbound([_|T]) :- eastbound(T).\n");
  EXPECT_EQ(rule.clause_count(), 2u);
  Train double_last{{car(1, Shape::Rectangle, Length::Short, 2, 1),
                     car(2, Shape::Rectangle, Length::Short, 2, 1, Wall::Double)}};
  EXPECT_EQ(rule.clauses_proving(double_last), (Bits{false, true}));
  Train double_first{{car(1, Shape::Rectangle, Length::Short, 2, 1, Wall::Double),
                      car(2, Shape::Rectangle, Length::Short, 2, 1)}};
  EXPECT_EQ(rule.clauses_proving(double_first), (Bits{true, false}));
  EXPECT_EQ(rule.clauses_proved(double_first), 1u);
}

TEST(RuleClauses, OtherGoalsAndHelpersOfTheSameNameDoNotCount) {
  // Only eastbound/1's clauses count: eastbound/2 and helpers are other predicates.
  Rule rule = inline_rule(
      "eastbound(T, x) :- T = [].\n"
      "eastbound(T) :- helper(T).\n"
      "helper(_).\n"
      "helper(_).\n");
  EXPECT_EQ(rule.clause_count(), 1u);
  Train train{{car(1, Shape::Rectangle, Length::Short, 2, 1)}};
  EXPECT_EQ(rule.clauses_proving(train), (Bits{true}));

  Rule roofed = Rule::from_text("roofed([C|_]) :- closed(C).\nroofed(_) :- fail.\n", "seq.pl",
                                kBackground, "roofed");
  EXPECT_EQ(roofed.clause_count(), 2u);
  Train closed{{car(1, Shape::Rectangle, Length::Short, 2, 1, Wall::NotDouble, Roof::Flat)}};
  EXPECT_EQ(roofed.clauses_proving(closed), (Bits{true, false}));
}

TEST(RuleClauses, ErrorsAndLimitsAreRuleErrorsAndTheRuleStaysUsable) {
  Rule rule = inline_rule(
      "eastbound(T) :- has_car(T, C), load_num(C, N), N >= 2, X is foo + N, X > 0.\n"
      "eastbound(T) :- loop(T).\n"
      "eastbound(_).\n"
      "loop(T) :- loop(T).\n");
  Train fine{{car(1, Shape::Rectangle, Length::Short, 2, 1)}};
  Train bad{{car(1, Shape::Rectangle, Length::Short, 2, 2)}};
  rule.set_limits({.max_steps = 10000});
  try {
    rule.clauses_proving(fine);
    FAIL() << "expected the step limit";
  } catch (const RuleError& e) {
    EXPECT_NE(std::string(e.what()).find("step limit"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("inline.pl"), std::string::npos) << e.what();
  }
  EXPECT_THROW(rule.clauses_proved(bad), RuleError);  // foo is not evaluable

  // Each clause alone, through a rule without the looping clause.
  Rule ok = inline_rule(
      "eastbound(T) :- has_car(T, C), load_num(C, N), N >= 2, X is foo + N, X > 0.\n"
      "eastbound(_).\n");
  EXPECT_EQ(ok.clauses_proving(fine), (Bits{false, true}));
  EXPECT_THROW(ok.clauses_proving(bad), RuleError);
  EXPECT_EQ(ok.clauses_proving(fine), (Bits{false, true}));
  EXPECT_EQ(ok.label(fine), Direction::East);
}

TEST(RuleClauses, DeepRecursionHitsTheDepthLimit) {
  Rule rule = inline_rule(
      "eastbound(T) :- deep(T, 0).\n"
      "deep(T, N) :- N1 is N + 1, deep(T, N1), true.\n");
  rule.set_limits({.max_steps = 1'000'000, .max_depth = 1000});
  Train train{{car(1, Shape::Rectangle, Length::Short, 2, 1)}};
  try {
    rule.clauses_proving(train);
    FAIL() << "expected the depth limit";
  } catch (const RuleError& e) {
    EXPECT_NE(std::string(e.what()).find("depth limit"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace railyard
