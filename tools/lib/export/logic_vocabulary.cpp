#include "tools/lib/export/logic_vocabulary.h"

#include <array>

#include "logic/vocabulary.h"

namespace railyard::exports {
namespace {

Argument in(std::string_view type) {
  return {type, ArgumentMode::Input};
}
Argument out(std::string_view type) {
  return {type, ArgumentMode::Output};
}
Argument constant(std::string_view type) {
  return {type, ArgumentMode::Constant};
}

Predicate of_car(std::string_view name) {
  return {name, {in("car")}};
}

constexpr std::array<Shape, 5> kAllShapes = {Shape::Rectangle, Shape::Bucket, Shape::Ellipse,
                                             Shape::Hexagon, Shape::UShaped};
constexpr std::array<LoadShape, 6> kAllLoadShapes = {LoadShape::Rectangle, LoadShape::Triangle,
                                                     LoadShape::Circle,    LoadShape::Diamond,
                                                     LoadShape::Hexagon,   LoadShape::UTriangle};
constexpr std::array<Roof, 5> kAllRoofs = {Roof::None, Roof::Arc, Roof::Flat, Roof::Jagged,
                                           Roof::Peaked};

std::vector<Predicate> relational_predicates() {
  using namespace relational;
  std::vector<Predicate> table(kCount);
  table[kHasCar] = {"has_car", {in("train"), out("car")}, true};
  table[kInfront] = {"infront", {in("train"), in("car"), out("car")}};
  table[kHasLoad1] = {"has_load1", {in("train"), constant("load_shape")}, true};
  table[kCarNum] = {"car_num", {in("car"), out("int")}};
  for (Shape s : kAllShapes)
    table[kShapes + static_cast<int>(s)] = of_car(name(Vocabulary::Michalski, s));
  table[kLong] = of_car("long");
  table[kShort] = of_car("short");
  table[kDouble] = of_car("double");
  table[kHasRoof0] = {"has_roof0", {in("car"), constant("roof_shape")}};
  table[kOpen] = of_car("open");
  table[kClosed] = of_car("closed");
  table[kHasWheel0] = {"has_wheel0", {in("car"), out("int")}};
  table[kHasLoad] = {"has_load", {in("car"), out("int")}, true};
  table[kHasLoad0] = {"has_load0", {in("car"), constant("load_shape")}};
  table[kLoadNum] = {"load_num", {in("car"), out("int")}};
  table[kCarColor] = {"car_color", {in("car"), constant("color")}};
  for (Shape s : kAllShapes)
    table[kColours + static_cast<int>(s)] = of_car(name(Vocabulary::Trains, s));
  table[kHasPayload] = {"has_payload", {in("car"), constant("payload")}};
  for (LoadShape s : kAllLoadShapes)
    table[kPayloads + static_cast<int>(s)] = of_car(name(Vocabulary::Trains, s));
  table[kHasRoof2] = {"has_roof2", {in("car"), constant("roof")}};
  for (Roof r : kAllRoofs)
    table[kRoofs + static_cast<int>(r)] =
        of_car(r == Roof::None ? "roof_open" : name(Vocabulary::Trains, r));
  table[kSolidWall] = of_car("solid_wall");
  table[kBracedWall] = of_car("braced_wall");
  table[kLessThan] = {"less_than", {in("int"), in("int")}};
  return table;
}

std::vector<Predicate> michalski_predicates() {
  using namespace michalski;
  static constexpr std::array<std::string_view, 4> kRoofNames = {"roof_arc", "roof_flat",
                                                                 "roof_jagged", "roof_peaked"};
  static constexpr std::array<std::string_view, 6> kLoadNames = {
      "load_rectangle", "load_triangle", "load_circle",
      "load_diamond",   "load_hexagon",  "load_utriangle"};
  std::vector<Predicate> table(kCount);
  table[kHasCar] = {"has_car", {in("train"), out("car")}, true};
  table[kInfront] = {"infront", {in("car"), out("car")}};
  table[kShort] = of_car("short");
  table[kLong] = of_car("long");
  table[kClosed] = of_car("closed");
  table[kOpenCar] = of_car("open_car");
  for (std::size_t r = 0; r < kRoofNames.size(); ++r)
    table[kRoofs + static_cast<int>(r)] = of_car(kRoofNames[r]);
  table[kDouble] = of_car("double");
  table[kNotDouble] = of_car("not_double");
  for (Shape s : kAllShapes)
    table[kShapes + static_cast<int>(s)] = of_car(name(Vocabulary::Michalski, s));
  table[kTwoWheels] = of_car("two_wheels");
  table[kThreeWheels] = of_car("three_wheels");
  table[kNoLoad] = of_car("no_load");
  table[kHasLoad] = {"has_load", {in("car"), out("load")}, true};
  for (std::size_t s = 0; s < kLoadNames.size(); ++s)
    table[kLoadShapes + static_cast<int>(s)] = {kLoadNames[s], {in("load")}};
  table[kOneLoad] = {"one_load", {in("load")}};
  table[kTwoLoad] = {"two_load", {in("load")}};
  table[kThreeLoad] = {"three_load", {in("load")}};
  return table;
}

template <typename Enum, std::size_t N>
std::vector<std::string_view> names(Vocabulary v, const std::array<Enum, N>& values) {
  std::vector<std::string_view> out;
  for (Enum value : values) out.push_back(name(v, value));
  return out;
}

}  // namespace

std::span<const Predicate> logic_predicates(LogicVocabulary vocabulary) {
  static const std::vector<Predicate> relational = relational_predicates();
  static const std::vector<Predicate> michalski = michalski_predicates();
  return vocabulary == LogicVocabulary::Relational ? relational : michalski;
}

std::vector<std::string_view> constant_type_values(std::string_view type) {
  if (type == "load_shape") return names(Vocabulary::Michalski, kAllLoadShapes);
  if (type == "roof_shape") return names(Vocabulary::Michalski, kAllRoofs);
  if (type == "color") return names(Vocabulary::Trains, kAllShapes);
  if (type == "payload") return names(Vocabulary::Trains, kAllLoadShapes);
  if (type == "roof") return names(Vocabulary::Trains, kAllRoofs);
  return {};
}

}  // namespace railyard::exports
