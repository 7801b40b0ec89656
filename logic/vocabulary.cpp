#include "logic/vocabulary.h"

#include <charconv>

namespace railyard {
namespace {

constexpr std::array<std::array<std::string_view, 5>, 3> kShape = {{
    {"rectangle", "bucket", "ellipse", "hexagon", "u_shaped"},
    {"yellow", "green", "grey", "red", "blue"},
    {"yellow", "green", "grey", "red", "blue"},
}};
constexpr std::array<std::array<std::string_view, 2>, 3> kLength = {{
    {"short", "long"},
    {"short", "long"},
    {"short", "long"},
}};
constexpr std::array<std::array<std::string_view, 2>, 3> kWall = {{
    {"not_double", "double"},
    {"solid_wall", "braced_wall"},
    {"no_black_top", "black_top"},
}};
constexpr std::array<std::array<std::string_view, 5>, 3> kRoof = {{
    {"none", "arc", "flat", "jagged", "peaked"},
    {"none", "roof_foundation", "solid_roof", "braced_roof", "peaked_roof"},
    {"cube", "cylinder", "hemisphere", "frustum", "hexagonal_prism"},
}};
constexpr std::array<std::array<std::string_view, 6>, 3> kLoadShape = {{
    {"rectangle", "triangle", "circle", "diamond", "hexagon", "utriangle"},
    {"box", "golden_vase", "barrel", "diamond", "metal_pot", "oval_vase"},
    {"sphere", "pyramid", "cube", "cylinder", "cone", "torus"},
}};

constexpr std::array<int, 5> kShapeValues = {0, 1, 2, 3, 4};
constexpr std::array<int, 2> kLengthValues = {0, 1};
constexpr std::array<int, 2> kWallValues = {0, 1};
constexpr std::array<int, 5> kRoofValues = {0, 1, 2, 3, 4};
constexpr std::array<int, 2> kAxleValues = {2, 3};
constexpr std::array<int, 6> kLoadShapeValues = {0, 1, 2, 3, 4, 5};
constexpr std::array<int, 4> kLoadCountValues = {0, 1, 2, 3};

template <std::size_t N>
std::optional<int> find_name(const std::array<std::array<std::string_view, N>, 3>& table,
                             std::string_view name) {
  for (const auto& row : table)
    for (std::size_t i = 0; i < N; ++i)
      if (row[i] == name) return static_cast<int>(i);
  return std::nullopt;
}

std::optional<int> parse_number(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::size_t row(Vocabulary v) {
  return static_cast<std::size_t>(v);
}

}  // namespace

std::string_view descriptor_key(Descriptor d) {
  switch (d) {
    case Descriptor::Shape: return "shape";
    case Descriptor::Length: return "length";
    case Descriptor::Wall: return "wall";
    case Descriptor::Roof: return "roof";
    case Descriptor::Axles: return "axles";
    case Descriptor::LoadShape: return "load_shape";
    case Descriptor::LoadCount: return "load_count";
  }
  return "?";
}

std::optional<Descriptor> parse_descriptor_key(std::string_view key) {
  for (Descriptor d : kDescriptors)
    if (descriptor_key(d) == key) return d;
  // Accept the V-LoL names of the same descriptors too.
  if (key == "color" || key == "colour") return Descriptor::Shape;
  if (key == "wheels") return Descriptor::Axles;
  if (key == "payload" || key == "load") return Descriptor::LoadShape;
  if (key == "load_num" || key == "payload_count") return Descriptor::LoadCount;
  return std::nullopt;
}

std::span<const int> descriptor_values(Descriptor d) {
  switch (d) {
    case Descriptor::Shape: return kShapeValues;
    case Descriptor::Length: return kLengthValues;
    case Descriptor::Wall: return kWallValues;
    case Descriptor::Roof: return kRoofValues;
    case Descriptor::Axles: return kAxleValues;
    case Descriptor::LoadShape: return kLoadShapeValues;
    case Descriptor::LoadCount: return kLoadCountValues;
  }
  return {};
}

std::string value_name(Vocabulary v, Descriptor d, int value) {
  switch (d) {
    case Descriptor::Shape: return std::string(kShape[row(v)][value]);
    case Descriptor::Length: return std::string(kLength[row(v)][value]);
    case Descriptor::Wall: return std::string(kWall[row(v)][value]);
    case Descriptor::Roof: return std::string(kRoof[row(v)][value]);
    case Descriptor::LoadShape: return std::string(kLoadShape[row(v)][value]);
    case Descriptor::Axles:
    case Descriptor::LoadCount: return std::to_string(value);
  }
  return "?";
}

std::optional<int> parse_value(Descriptor d, std::string_view text) {
  switch (d) {
    case Descriptor::Shape: return find_name(kShape, text);
    case Descriptor::Length: return find_name(kLength, text);
    case Descriptor::Wall: return find_name(kWall, text);
    case Descriptor::Roof: return find_name(kRoof, text);
    case Descriptor::LoadShape: return find_name(kLoadShape, text);
    case Descriptor::Axles:
    case Descriptor::LoadCount: {
      auto n = parse_number(text);
      for (int allowed : descriptor_values(d))
        if (n == allowed) return n;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

int descriptor_value(const Car& car, Descriptor d) {
  switch (d) {
    case Descriptor::Shape: return static_cast<int>(car.shape);
    case Descriptor::Length: return static_cast<int>(car.length);
    case Descriptor::Wall: return static_cast<int>(car.wall);
    case Descriptor::Roof: return static_cast<int>(car.roof);
    case Descriptor::Axles: return car.axles;
    case Descriptor::LoadShape: return static_cast<int>(car.load_shape);
    case Descriptor::LoadCount: return car.load_count;
  }
  return 0;
}

void set_descriptor_value(Car& car, Descriptor d, int value) {
  switch (d) {
    case Descriptor::Shape: car.shape = static_cast<Shape>(value); break;
    case Descriptor::Length: car.length = static_cast<Length>(value); break;
    case Descriptor::Wall: car.wall = static_cast<Wall>(value); break;
    case Descriptor::Roof: car.roof = static_cast<Roof>(value); break;
    case Descriptor::Axles: car.axles = value; break;
    case Descriptor::LoadShape: car.load_shape = static_cast<LoadShape>(value); break;
    case Descriptor::LoadCount: car.load_count = value; break;
  }
}

std::string_view name(Vocabulary v, Shape s) {
  return kShape[row(v)][static_cast<int>(s)];
}
std::string_view name(Vocabulary v, Length l) {
  return kLength[row(v)][static_cast<int>(l)];
}
std::string_view name(Vocabulary v, Wall w) {
  return kWall[row(v)][static_cast<int>(w)];
}
std::string_view name(Vocabulary v, Roof r) {
  return kRoof[row(v)][static_cast<int>(r)];
}
std::string_view name(Vocabulary v, LoadShape s) {
  return kLoadShape[row(v)][static_cast<int>(s)];
}
}  // namespace railyard
