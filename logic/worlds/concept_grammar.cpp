#include "logic/worlds/concept_grammar.h"

#include <algorithm>

namespace railyard::worlds {
namespace {

constexpr std::uint64_t kConceptDomain = 0x776f726c64ULL;  // "world"

int pick(RandomStream& random, int lo, int hi) {
  return static_cast<int>(random.uniform_int(lo, hi));
}

}  // namespace

Concept ConceptGrammar::draw(std::uint64_t seed, std::uint64_t position,
                             std::uint64_t attempt) const {
  RandomStream random(seed, position, attempt, kConceptDomain);
  Concept drawn;
  drawn.cars = pick(random, bounds_.cars.min, bounds_.cars.max);
  int literals = pick(random, bounds_.literals.min, bounds_.literals.max);
  for (int i = 0; i < literals; ++i) drawn.literals.push_back(draw_literal(random, drawn.cars));
  drawn.canonicalise();
  return drawn;
}

// Binary kinds need two cars (a comparison may also relate two attributes of one car).
Literal ConceptGrammar::draw_literal(RandomStream& random, int cars) const {
  std::vector<LiteralKind> kinds;
  for (LiteralKind k : bounds_.kinds)
    if (k == LiteralKind::Attribute || k == LiteralKind::Comparison || cars > 1) kinds.push_back(k);
  Literal l;
  l.kind = kinds[static_cast<std::size_t>(pick(random, 0, static_cast<int>(kinds.size()) - 1))];
  l.car = pick(random, 0, cars - 1);
  switch (l.kind) {
    case LiteralKind::Attribute:
      l.test = pick(random, 0, static_cast<int>(attribute_tests().size()) - 1);
      l.negated = random.uniform() < bounds_.negation;
      break;
    case LiteralKind::Comparison: {
      int n = static_cast<int>(numeric_attributes().size());
      l.other = pick(random, 0, cars - 1);
      l.left = pick(random, 0, n - 1);
      l.right = pick(random, 0, n - 1);
      if (l.car == l.other && l.right == l.left) l.right = (l.right + 1) % n;
      l.less = random.uniform() < 0.5;
      break;
    }
    case LiteralKind::Equality:
      l.other = (l.car + pick(random, 1, cars - 1)) % cars;
      if (l.other < l.car) std::swap(l.car, l.other);
      l.left = l.right = pick(random, 0, static_cast<int>(categorical_attributes().size()) - 1);
      l.different = random.uniform() < 0.5;
      break;
    case LiteralKind::Infront:
      l.other = pick(random, 1, cars - 1);  // links car other-1 to car other
      l.car = l.other - 1;
      break;
  }
  return l;
}

}  // namespace railyard::worlds
