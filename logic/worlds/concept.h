// A concept: one Prolog clause body over the car variables C1..Ck of a train T, written with the
// background file's predicates. A world's eastbound/1 is a disjunction of concepts, one clause
// each. Literals are the tests; binding each car to the train (has_car/2, or infront/3 for a
// car linked to the one before it) is not a literal of its own.
//
//   attribute   closed(C1), has_load0(C2, circle), \+ short(C1)      (any car, maybe negated)
//   comparison  car_num(C1, A1), load_num(C2, B1), A1 < B1             (the numerical rule's kind)
//               car_num(C1, A2), has_wheel0(C1, A2)                     (equal: a shared variable)
//   equality    car_color(C1, A3), car_color(C2, A3)                    (the complex rule's kind)
//               has_roof0(C1, A4), has_roof0(C2, B4), A4 \== B4
//   infront     infront(T, C1, C2): C1 directly in front of C2 (GraphLog's path length)
#pragma once

#include <string>
#include <vector>

namespace railyard::worlds {

enum class LiteralKind { Attribute, Comparison, Equality, Infront };

inline constexpr int kMaxConceptCars = 4;
inline constexpr int kMaxConceptLiterals = 8;

// The attribute tests, comparison and equality attributes of the grammar, as data: each is
// Prolog text with `@` standing for the car variable (and `#` for the value variable).
struct AttributeTest {
  const char* name;  // for JSON and messages: "closed", "load_circle"
  const char* text;  // "closed(@)", "has_load0(@, circle)"
};
const std::vector<AttributeTest>& attribute_tests();
// car_num (position), load_num (load count), has_wheel0 (axles): "car_num(@, #)".
const std::vector<AttributeTest>& numeric_attributes();
// car_color, has_roof0, has_load0 (the load's shape): "car_color(@, #)".
const std::vector<AttributeTest>& categorical_attributes();

struct Literal {
  LiteralKind kind = LiteralKind::Attribute;
  int car = 0, other = 0;   // car variables, 0-based (other: binary kinds only)
  int test = 0;             // index into attribute_tests() (attribute)
  int left = 0, right = 0;  // numeric or categorical attribute indices (binary kinds)
  bool negated = false;     // attribute: \+ test
  bool less = false;        // comparison: < rather than equal
  bool different = false;   // equality: \== rather than the same value
  bool operator==(const Literal&) const = default;
  auto operator<=>(const Literal&) const = default;
};

struct Concept {
  int cars = 1;
  std::vector<Literal> literals;  // in canonical order (canonicalise())

  // Sorts literals and drops repeats, so concepts that differ only in order read the same.
  void canonicalise();
  // The concept without literal i.
  Concept without(std::size_t i) const;
  // Every car variable bound and tested or linked by some literal.
  bool every_car_used() const;
  // The body's goals: has_car(T, C1), closed(C1), ... (cars bound in order, each car's tests
  // after its binding, a binary literal after both of its cars).
  std::vector<std::string> goals() const;
  // The goals joined: "has_car(T, C1), closed(C1), ...".
  std::string body() const;
  // "kind, kind" of its literals, for JSON.
  std::vector<std::string> kinds() const;
  // Longest run of cars linked by infront/3 (0 without links).
  int chain() const;
};

const char* kind_name(LiteralKind kind);

}  // namespace railyard::worlds
