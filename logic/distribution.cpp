#include "logic/distribution.h"

namespace railyard {
namespace {

// Michalski distribution (Muggleton's random train generator), indexed by enum value.
constexpr std::array<double, 2> kLength = {0.7, 0.3};
constexpr std::array<double, 5> kShortShape = {0.524, 0.190, 0.048, 0.048, 0.190};
constexpr std::array<double, 2> kShortRectangleWall = {0.73, 0.27};
constexpr std::array<double, 5> kShortOtherRoof = {0.842, 0.0, 0.105, 0.0, 0.053};
constexpr std::array<double, 5> kLongRoof = {0.333, 0.0, 0.444, 0.223, 0.0};
constexpr std::array<double, 2> kLongAxles = {0.56, 0.44};  // 2, 3
constexpr std::array<double, 6> kShortLoadShape = {0.190, 0.381, 0.381, 0.048, 0.0, 0.0};
constexpr std::array<double, 6> kLongLoadShape = {0.625, 0.0, 0.125, 0.0, 0.125, 0.125};
constexpr std::array<double, 4> kShortLoadCount = {0.0, 0.952, 0.048, 0.0};
constexpr std::array<double, 4> kLongLoadCount = {0.11, 0.55, 0.11, 0.23};

double one_if(bool condition) {
  return condition ? 1.0 : 0.0;
}

double michalski(Descriptor d, const Car& car, int v) {
  bool is_short = car.length == Length::Short;
  switch (d) {
    case Descriptor::Length: return kLength[v];
    case Descriptor::Shape:
      return is_short ? kShortShape[v] : one_if(v == static_cast<int>(Shape::Rectangle));
    case Descriptor::Wall:
      if (is_short && car.shape == Shape::Rectangle) return kShortRectangleWall[v];
      return one_if(v == static_cast<int>(Wall::NotDouble));
    case Descriptor::Roof:
      if (!is_short) return kLongRoof[v];
      if (car.shape == Shape::Ellipse) return one_if(v == static_cast<int>(Roof::Arc));
      if (car.shape == Shape::Hexagon) return one_if(v == static_cast<int>(Roof::Flat));
      return kShortOtherRoof[v];
    case Descriptor::Axles: return is_short ? one_if(v == 2) : kLongAxles[v - 2];
    case Descriptor::LoadCount: return is_short ? kShortLoadCount[v] : kLongLoadCount[v];
    case Descriptor::LoadShape: return is_short ? kShortLoadShape[v] : kLongLoadShape[v];
  }
  return 0.0;
}

double uniform(Descriptor d, const Car& car, int v) {
  bool is_short = car.length == Length::Short;
  switch (d) {
    case Descriptor::Length: return 0.5;
    case Descriptor::Shape: return 1.0 / 5;
    case Descriptor::Wall: return 0.5;
    case Descriptor::Roof: return 1.0 / 5;
    case Descriptor::Axles: return is_short ? one_if(v == 2) : 0.5;
    case Descriptor::LoadCount: return is_short ? one_if(v <= 2) / 3 : 0.25;
    case Descriptor::LoadShape: return 1.0 / 6;
  }
  return 0.0;
}

}  // namespace

double conditional_probability(Distribution dist, Descriptor d, const Car& context, int value) {
  if (d == Descriptor::LoadShape && context.load_count == 0)
    return one_if(value == static_cast<int>(LoadShape::Rectangle));
  return dist == Distribution::Michalski ? michalski(d, context, value)
                                         : uniform(d, context, value);
}

}  // namespace railyard
