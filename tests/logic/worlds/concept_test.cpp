// Concepts as clause text, and the grammar's draws.
#include <gtest/gtest.h>

#include "logic/worlds/concept_grammar.h"

namespace railyard::worlds {
namespace {

Literal attribute(int car, const std::string& name, bool negated = false) {
  Literal l;
  l.car = car;
  l.negated = negated;
  for (std::size_t i = 0; i < attribute_tests().size(); ++i)
    if (attribute_tests()[i].name == name) l.test = static_cast<int>(i);
  return l;
}

TEST(Concept, BodyBindsEachCarBeforeItsTests) {
  Concept c;
  c.cars = 3;
  Literal link{LiteralKind::Infront, 0, 1};
  Literal less{LiteralKind::Comparison, 0, 2};
  less.left = 0;   // position
  less.right = 1;  // loads
  less.less = true;
  Literal colour{LiteralKind::Equality, 1, 2};
  c.literals = {attribute(0, "closed"), attribute(1, "load_circle", true), link, less, colour};
  c.canonicalise();
  EXPECT_EQ(c.body(),
            "has_car(T, C1), closed(C1), infront(T, C1, C2), \\+ has_load0(C2, circle), "
            "has_car(T, C3), car_num(C1, A3), load_num(C3, B3), A3 < B3, car_color(C2, A4), "
            "car_color(C3, A4)");
  EXPECT_TRUE(c.every_car_used());
  EXPECT_EQ(c.chain(), 1);
  EXPECT_EQ(c.without(0).literals.size(), 4u);
}

TEST(Concept, DroppingALinkBindsTheCarByHasCar) {
  Concept c;
  c.cars = 2;
  c.literals = {attribute(0, "short"), attribute(1, "long"), {LiteralKind::Infront, 0, 1}};
  c.canonicalise();
  EXPECT_EQ(c.body(), "has_car(T, C1), short(C1), infront(T, C1, C2), long(C2)");
  EXPECT_EQ(c.without(2).body(), "has_car(T, C1), short(C1), has_car(T, C2), long(C2)");
}

TEST(Concept, UnusedCarIsSeen) {
  Concept c;
  c.cars = 2;
  c.literals = {attribute(0, "short")};
  EXPECT_FALSE(c.every_car_used());
}

TEST(ConceptGrammar, DrawsWithinBoundsAndRepeatsBySeed) {
  GrammarBounds bounds;
  bounds.cars.min = 1;
  bounds.cars.max = 3;
  bounds.literals.min = 2;
  bounds.literals.max = 4;
  bounds.negation = 0.3;
  ConceptGrammar grammar(bounds);
  int negated = 0, binary = 0;
  for (std::uint64_t attempt = 0; attempt < 2000; ++attempt) {
    Concept c = grammar.draw(7, 3, attempt);
    EXPECT_EQ(c.body(), grammar.draw(7, 3, attempt).body());
    ASSERT_GE(c.cars, 1);
    ASSERT_LE(c.cars, 3);
    ASSERT_LE(c.literals.size(), 4u);
    for (const Literal& l : c.literals) {
      ASSERT_LT(l.car, c.cars);
      negated += l.negated;
      if (l.kind != LiteralKind::Attribute) {
        ++binary;
        ASSERT_LT(l.other, c.cars);
      }
      if (l.kind == LiteralKind::Infront) {
        ASSERT_EQ(l.other, l.car + 1);
      }
      if (l.kind == LiteralKind::Equality) {
        ASSERT_LT(l.car, l.other);
      }
      if (l.kind == LiteralKind::Comparison && l.car == l.other) {
        ASSERT_NE(l.left, l.right);
      }
    }
  }
  EXPECT_GT(negated, 100);
  EXPECT_GT(binary, 500);
  EXPECT_NE(grammar.draw(7, 3, 0).body() + grammar.draw(7, 3, 1).body(),
            grammar.draw(8, 3, 0).body() + grammar.draw(8, 3, 1).body());
}

TEST(ConceptGrammar, OneCarGetsNoBinaryLinks) {
  GrammarBounds bounds;
  bounds.cars.min = bounds.cars.max = 1;
  bounds.kinds = {LiteralKind::Equality, LiteralKind::Infront, LiteralKind::Attribute};
  ConceptGrammar grammar(bounds);
  for (std::uint64_t attempt = 0; attempt < 500; ++attempt)
    for (const Literal& l : grammar.draw(1, 0, attempt).literals)
      ASSERT_EQ(l.kind, LiteralKind::Attribute);
}

}  // namespace
}  // namespace railyard::worlds
