// The symbolic train: a locomotive followed by cars, each described by the eight descriptors of
// the Michalski train problem. This is the canonical form every later stage starts from.
#pragma once

#include <cstdint>

#include "logic/inline_vector.h"
#include "util/enum_names.h"

namespace railyard {

// Values in the canonical (Michalski) vocabulary. Enumerator order is the reference's order, so a
// value's index is the same in all three vocabularies (see vocabulary.h).
enum class Shape : std::uint8_t { Rectangle, Bucket, Ellipse, Hexagon, UShaped };
enum class Length : std::uint8_t { Short, Long };
enum class Wall : std::uint8_t { NotDouble, Double };
enum class Roof : std::uint8_t { None, Arc, Flat, Jagged, Peaked };
enum class LoadShape : std::uint8_t { Rectangle, Triangle, Circle, Diamond, Hexagon, UTriangle };
enum class Direction : std::uint8_t { East, West };
inline constexpr auto kDirectionNames =
    enum_names<Direction>({{Direction::East, "east"}, {Direction::West, "west"}});

struct Car {
  int position = 1;  // 1 = next to the locomotive
  Shape shape = Shape::Rectangle;
  Length length = Length::Short;
  Wall wall = Wall::NotDouble;
  Roof roof = Roof::None;
  int axles = 2;
  LoadShape load_shape = LoadShape::Rectangle;  // irrelevant when load_count == 0
  int load_count = 0;

  bool operator==(const Car&) const = default;
};

// A car from its eight descriptor values, in field order: how tests and benchmarks write out
// example trains, with each value behind a named parameter.
constexpr Car make_car(int position, Shape shape, Length length, Wall wall, Roof roof, int axles,
                       LoadShape load_shape, int load_count) {
  return {position, shape, length, wall, roof, axles, load_shape, load_count};
}

// Trains of up to 4 cars (the reference's default 2..4) keep their cars inline, off the heap.
using CarList = InlineVector<Car, 4>;

struct Train {
  CarList cars;   // front to back; cars[i].position == i + 1
  int angle = 0;  // rotation of the whole train in degrees, see sampler.h

  bool operator==(const Train&) const = default;
};

struct LabelledTrain {
  Train train;
  Direction label = Direction::West;

  bool operator==(const LabelledTrain&) const = default;
};

// The visual constraints of both distributions: a short car has 2 axles and at most 2 loads, a
// long car 2 or 3 axles and 0..3 loads.
bool satisfies_visual_constraints(const Car& car);

}  // namespace railyard
