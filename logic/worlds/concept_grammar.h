// The grammar concepts are drawn from, within a spec's bounds: how many car variables and
// literals, which kinds of test, how often an attribute test is negated. A concept is a pure
// function of (seed, position, attempt).
#pragma once

#include <cstdint>
#include <vector>

#include "logic/worlds/concept.h"
#include "util/random.h"

namespace railyard::worlds {

struct IntRange {
  int min = 1, max = 1;
  bool operator==(const IntRange&) const = default;
};

struct GrammarBounds {
  IntRange cars{1, 2};      // car variables per concept
  IntRange literals{1, 3};  // tests per concept (binders not counted)
  std::vector<LiteralKind> kinds = {LiteralKind::Attribute, LiteralKind::Comparison,
                                    LiteralKind::Equality, LiteralKind::Infront};
  double negation = 0.0;  // chance an attribute test is negated (\+)
};

class ConceptGrammar {
 public:
  explicit ConceptGrammar(GrammarBounds bounds) : bounds_(std::move(bounds)) {}

  // A concept in canonical order. It may still leave a car unused or repeat a literal; the
  // world builder rejects those (and counts why).
  Concept draw(std::uint64_t seed, std::uint64_t position, std::uint64_t attempt) const;

  const GrammarBounds& bounds() const { return bounds_; }

 private:
  Literal draw_literal(RandomStream& random, int cars) const;

  GrammarBounds bounds_;
};

}  // namespace railyard::worlds
