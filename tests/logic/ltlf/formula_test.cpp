#include "logic/ltlf/formula.h"

#include <gtest/gtest.h>

#include <string>

#include "logic/ltlf/automaton.h"

namespace railyard::ltlf {
namespace {

std::string canonical(std::string_view text) {
  return parse_formula(text).to_string();
}

std::string error_of(std::string_view text) {
  try {
    parse_formula(text);
  } catch (const FormulaError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Formula, AtomsInOrderOfFirstAppearance) {
  Formula f = parse_formula("G(q_1 -> F p) & X q_1 & r2");
  EXPECT_EQ(f.atoms(), (std::vector<std::string>{"q_1", "p", "r2"}));
  EXPECT_EQ(f.text(), "G(q_1 -> F p) & X q_1 & r2");
}

TEST(Formula, CanonicalTextRoundTrips) {
  for (const char* text : {"p",
                           "true",
                           "false",
                           "last",
                           "!p",
                           "!!p",
                           "X p",
                           "WX p",
                           "F p",
                           "G p",
                           "X X q",
                           "p & q",
                           "p | q",
                           "p -> q",
                           "p <-> q",
                           "p U q",
                           "p R q",
                           "G(p <-> X X q)",
                           "G((p & X p & X X p) -> X X X q)",
                           "F p & (q U X p)",
                           "G(p <-> WX !p)",
                           "!(p U q)",
                           "p U (q R r)",
                           "(p U q) U r",
                           "p -> q -> r",
                           "(p -> q) -> r",
                           "p & (q & r)",
                           "(p | q) & r",
                           "!X p",
                           "F G p",
                           "G F p",
                           "last -> p",
                           "X(p & q)",
                           "!(p & q)",
                           "(p <-> q) <-> r",
                           "p <-> (q <-> r)",
                           "X WX p",
                           "G(p -> F q)"}) {
    std::string once = canonical(text);
    EXPECT_EQ(canonical(once), once) << text;
    Formula a = parse_formula(text), b = parse_formula(once);
    EXPECT_EQ(a.node_count(), b.node_count()) << text;
  }
  EXPECT_EQ(canonical("G ( p<->X X q )"), "G(p <-> X X q)");
  EXPECT_EQ(canonical("GFp"), "G F p");
  EXPECT_EQ(canonical("XXq"), "X X q");
  EXPECT_EQ(canonical("WX!p"), "WX !p");
  EXPECT_EQ(canonical("!(p&q)"), "!(p & q)");
}

TEST(Formula, PrecedenceLowestFirst) {
  // <->, ->, |, &, U, R, unary.
  EXPECT_EQ(canonical("p <-> q -> r"), "p <-> q -> r");
  EXPECT_EQ(parse_formula("p <-> q -> r").node(parse_formula("p <-> q -> r").root()).op,
            Op::Equivalent);
  auto root_op = [](std::string_view text) {
    Formula f = parse_formula(text);
    return f.node(f.root()).op;
  };
  EXPECT_EQ(root_op("p -> q | r"), Op::Implies);
  EXPECT_EQ(root_op("p | q & r"), Op::Or);
  EXPECT_EQ(root_op("p & q U r"), Op::And);
  EXPECT_EQ(root_op("p U q R r"), Op::Until);
  EXPECT_EQ(root_op("!p R q"), Op::Release);
  EXPECT_EQ(root_op("F p U q"), Op::Until);
  EXPECT_EQ(root_op("X p & q"), Op::And);
  EXPECT_EQ(canonical("(p & q) | r"), "p & q | r");
  EXPECT_EQ(canonical("p & (q | r)"), "p & (q | r)");
}

TEST(Formula, Associativity) {
  Formula imp = parse_formula("p -> q -> r");  // right
  EXPECT_EQ(imp.node(imp.node(imp.root()).right).op, Op::Implies);
  Formula until = parse_formula("p U q U r");  // right
  EXPECT_EQ(until.node(until.node(until.root()).right).op, Op::Until);
  Formula release = parse_formula("p R q R r");
  EXPECT_EQ(release.node(release.node(release.root()).right).op, Op::Release);
  Formula conj = parse_formula("p & q & r");  // left
  EXPECT_EQ(conj.node(conj.node(conj.root()).left).op, Op::And);
  EXPECT_EQ(canonical("p -> (q -> r)"), "p -> q -> r");
  EXPECT_EQ(canonical("(p -> q) -> r"), "(p -> q) -> r");
  EXPECT_EQ(canonical("p U (q U r)"), "p U q U r");
  EXPECT_EQ(canonical("(p & q) & r"), "p & q & r");
  EXPECT_EQ(canonical("p & (q & r)"), "p & (q & r)");
  // flloat: a chain of <-> says all are equal.
  EXPECT_EQ(canonical("p <-> q <-> r"), "(p <-> q) & (q <-> r)");
}

TEST(Formula, KeywordsOnlyUpperCase) {
  EXPECT_EQ(parse_formula("x & f & g & u & r & wx").atoms().size(), 6u);
  EXPECT_EQ(canonical("lastly | trueish"), "lastly | trueish");
  EXPECT_EQ(parse_formula("last").atoms().size(), 0u);
}

TEST(Formula, HashConsingSharesEqualSubformulas) {
  Formula f = parse_formula("(p & q) | (p & q)");
  const Node& root = f.node(f.root());
  EXPECT_EQ(root.left, root.right);
}

TEST(Formula, ErrorsNameTheColumnAndWhatWasExpected) {
  EXPECT_EQ(error_of(""),
            "formula \"\": column 1: expected an atom, true, false, last, a unary operator or "
            "'(', found the end");
  EXPECT_EQ(error_of("p &"),
            "formula \"p &\": column 4: expected an atom, true, false, last, a unary operator or "
            "'(', found the end");
  EXPECT_EQ(error_of("p q"),
            "formula \"p q\": column 3: expected an operator or the end, found 'q'");
  EXPECT_EQ(error_of("G(p -> q"),
            "formula \"G(p -> q\": column 9: expected ')' to close the '(' at column 2, found the "
            "end");
  EXPECT_EQ(error_of("p )"),
            "formula \"p )\": column 3: expected an operator or the end, found ')'");
  EXPECT_EQ(error_of("p - q"), "formula \"p - q\": column 3: '-' must begin '->'");
  EXPECT_EQ(error_of("p <- q"), "formula \"p <- q\": column 3: '<' must begin '<->'");
  EXPECT_EQ(error_of("W p"), "formula \"W p\": column 1: 'W' must begin 'WX'");
  EXPECT_EQ(error_of("p & Q"),
            "formula \"p & Q\": column 5: 'Q' is not an operator (X, WX, F, G, U, R); atoms are "
            "lower case");
  EXPECT_EQ(error_of("p # q"), "formula \"p # q\": column 3: unexpected character '#'");
  EXPECT_EQ(error_of("p U"),
            "formula \"p U\": column 4: expected an atom, true, false, last, a unary operator or "
            "'(', found the end");
  EXPECT_EQ(error_of("() "),
            "formula \"() \": column 2: expected an atom, true, false, last, a unary operator or "
            "'(', found ')'");
  // Columns count characters: "é" is two bytes, one column.
  EXPECT_EQ(error_of("é"), "formula \"é\": column 1: unexpected character 'é'");
  EXPECT_EQ(error_of("p & é"), "formula \"p & é\": column 5: unexpected character 'é'");
  EXPECT_EQ(error_of("éé & 1"), "formula \"éé & 1\": column 1: unexpected character 'é'");
  EXPECT_EQ(error_of("p &\r"),
            "formula \"p &\\r\": column 5: expected an atom, true, false, last, a unary operator "
            "or '(', found the end");
}

TEST(Formula, ErrorsAreInputErrors) {
  EXPECT_THROW(parse_formula("&"), InputError);
}

}  // namespace
}  // namespace railyard::ltlf

namespace railyard::ltlf {
namespace {

// Whatever a config holds, the recursive walks of a formula stay shallow: nesting and length are
// bounded, and refused naming the bound.
TEST(FormulaLimits, DeepNestingAndLongTextsAreRefused) {
  auto nested = [](int depth) { return std::string(depth, '(') + "p" + std::string(depth, ')'); };
  // The bound is what the message says: 200 parentheses (or unary operators) deep parse, 201 not.
  EXPECT_EQ(parse_formula(nested(200)).to_string(), "p");
  EXPECT_NO_THROW(parse_formula(std::string(200, '!') + "p"));
  EXPECT_THROW(parse_formula(nested(201)), FormulaError);
  EXPECT_THROW(parse_formula(std::string(201, '!') + "p"), FormulaError);
  EXPECT_THROW(
      {
        try {
          parse_formula(nested(300));
        } catch (const FormulaError& e) {
          EXPECT_NE(std::string(e.what()).find("nested deeper than 200 levels"), std::string::npos);
          throw;
        }
      },
      FormulaError);
  EXPECT_THROW(parse_formula(std::string(5000, '!') + "p"), FormulaError);
  std::string chain = "p";
  while (chain.size() < 5000) chain += " U p";
  try {
    parse_formula(chain);
    ADD_FAILURE() << "a 5,000-character formula parsed";
  } catch (const FormulaError& e) {
    EXPECT_NE(std::string(e.what()).find("more than the 4096 a formula may have"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace railyard::ltlf

namespace railyard::ltlf {
namespace {

// Nested temporal operators can make one state's DNF explode long before max_states: the
// construction's work is bounded too, and refused naming the formula.
TEST(FormulaLimits, AnExplodingConstructionIsRefusedQuickly) {
  std::string formula = "X " + std::string(60, 'G') + " !" + std::string(20, 'G') + "F p";
  Formula f = parse_formula(formula);
  try {
    build_automaton(f, f.atoms());
    ADD_FAILURE() << "built";
  } catch (const FormulaError& e) {
    EXPECT_NE(std::string(e.what()).find("steps to build"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace railyard::ltlf
