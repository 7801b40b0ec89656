// The predicates of the Popper and Aleph exports, with the types and modes their bias and mode
// declarations need. Two vocabularies over the same constants: t<i> for a train, t<i>_c<k> for
// its car at position k and, in the Michalski style, t<i>_c<k>_l<j> for the j-th load of a car.
//
// relational: V-LoL's background predicates of logic/rules/background.pl, each with exactly the
//   answers background.pl gives for the canonical train term, written as facts over constants:
//   has_car/2, infront/3, has_load1/2, car_num/2, the car shapes, long/1, short/1, double/1,
//   has_roof0/2, open/1, closed/1, has_wheel0/2, has_load/2 (1..count, V-LoL's quirk),
//   has_load0/2, load_num/2, car_color/2, the colours, has_payload/2, the payload names,
//   has_roof2/2, the roof names, solid_wall/1 and braced_wall/1. Left out are the predicates whose
//   arguments are terms of the canonical form (has_roof/2 with r/2, has_wheel/2 with w/2, none/1,
//   flat/1, jagged/1, peaked/1, arc/1, is_car/1), has_car/3 (Popper keys predicates by name, and
//   has_car/2 with car_num/2 says the same) and the vocabulary tables (shape_colour/2, ...) with
//   the name facts such as grey(grey). Added is less_than/2 over the numbers that occur, so that
//   the numerical comparisons of the complex rule can be learned.
// michalski: the unary style of the classic trains problem: has_car/2, infront/2 (cars, one
//   immediately in front of the other), short/1, long/1, closed/1, open_car/1, roof_arc/1,
//   roof_flat/1, roof_jagged/1, roof_peaked/1, double/1, not_double/1, the car shapes
//   (rectangle/1, ...), two_wheels/1, three_wheels/1, no_load/1, has_load/2 from a car to each of
//   its loads, and per load its shape (load_rectangle/1, load_triangle/1, ...) and its car's load
//   count (one_load/1, two_load/1, three_load/1).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "tools/lib/export/export_options.h"

namespace railyard::exports {

// How an argument is used: Popper direction in (Input) or out (Output, Constant); Aleph mode
// +type, -type or #type.
enum class ArgumentMode : char { Input = '+', Output = '-', Constant = '#' };

struct Argument {
  std::string_view type;  // train, car, load, int, color, payload, roof, roof_shape, load_shape
  ArgumentMode mode = ArgumentMode::Input;
};

struct Predicate {
  std::string_view name;
  std::vector<Argument> arguments;
  bool many_answers = false;  // more than one answer for bound inputs (Aleph recall *)
};

// The predicates in the order their facts appear in bk.pl and train.b.
std::span<const Predicate> logic_predicates(LogicVocabulary vocabulary);

// The values of a type that is used as a constant (#type) in Aleph's modes, for its type facts.
std::vector<std::string_view> constant_type_values(std::string_view type);

// Index of each relational predicate in logic_predicates(Relational).
namespace relational {
enum : int {
  kHasCar,
  kInfront,
  kHasLoad1,
  kCarNum,
  kShapes,  // one per Shape, in enum order: rectangle, bucket, ellipse, hexagon, u_shaped
  kLong = kShapes + 5,
  kShort,
  kDouble,
  kHasRoof0,
  kOpen,
  kClosed,
  kHasWheel0,
  kHasLoad,
  kHasLoad0,
  kLoadNum,
  kCarColor,
  kColours,  // one per Shape: yellow, green, grey, red, blue
  kHasPayload = kColours + 5,
  kPayloads,  // one per LoadShape: box, golden_vase, barrel, diamond, metal_pot, oval_vase
  kHasRoof2 = kPayloads + 6,
  kRoofs,  // one per Roof: roof_open, roof_foundation, solid_roof, braced_roof, peaked_roof
  kSolidWall = kRoofs + 5,
  kBracedWall,
  kLessThan,
  kCount
};
}  // namespace relational

// Index of each Michalski-style predicate in logic_predicates(Michalski).
namespace michalski {
enum : int {
  kHasCar,
  kInfront,
  kShort,
  kLong,
  kClosed,
  kOpenCar,
  kRoofs,  // one per closed Roof: roof_arc, roof_flat, roof_jagged, roof_peaked
  kDouble = kRoofs + 4,
  kNotDouble,
  kShapes,  // one per Shape: rectangle, bucket, ellipse, hexagon, u_shaped
  kTwoWheels = kShapes + 5,
  kThreeWheels,
  kNoLoad,
  kHasLoad,
  kLoadShapes,  // one per LoadShape: load_rectangle, load_triangle, ..., load_utriangle
  kOneLoad = kLoadShapes + 6,
  kTwoLoad,
  kThreeLoad,
  kCount
};
}  // namespace michalski

}  // namespace railyard::exports
