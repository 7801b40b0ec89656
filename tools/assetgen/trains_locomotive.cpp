// A small 0-6-0 side-tank steam locomotive: black boiler, smokebox and tanks, chimney and brass
// dome, cab with windows and an arched roof, red buffer beams and wheel centres with steel tyres,
// coupling rods, outside cylinders and a cow-catcher. +X is forwards.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/trains_assets.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen::trains {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kDriverRadius = 0.30f;
constexpr float kDriverAxle = kRailTop + kDriverRadius;
constexpr float kDriverX[3] = {0.72f, 0.02f, -0.68f};
constexpr float kCrank = 0.1f;
constexpr float kCrankAngle = 0.6f;  // radians, the same on both sides
constexpr float kTreadCentre = 0.0125f;
constexpr float kRodY = 0.45f;  // plane of the coupling rods, outside the wheels
constexpr float kFootplate = 0.9f;
constexpr float kFootplateTop = kFootplate + 0.06f;
constexpr float kBoilerAxis = 1.34f;
constexpr float kBoilerRadius = 0.4f;
constexpr float kCabBack = -1.55f, kCabFront = -0.55f, kCabTop = 1.95f, kCabHalf = 0.63f;

// Lathe about +Z turned to lie along +X at the boiler axis.
glm::mat4 on_boiler_axis(float x) {
  return translate({x, 0, kBoilerAxis}) * rotate_y(90.0f);
}

glm::vec3 crank_pin(float x, float side) {
  return {x + kCrank * std::cos(kCrankAngle), side * kRodY,
          kDriverAxle + kCrank * std::sin(kCrankAngle)};
}

// Driving wheel about +Z with its outer face towards +Z, crank at kCrankAngle from +X.
void driving_wheel(Shape& tyre, Shape& centre) {
  const float r = kDriverRadius;
  const std::vector<glm::vec2> tyre_profile = {
      {r - 0.05f, -0.045f}, {r + 0.03f, -0.045f}, {r + 0.03f, -0.03f}, {r, -0.015f},
      {r - 0.005f, 0.04f},  {r - 0.05f, 0.04f},   {r - 0.05f, -0.045f}};
  tyre.append(lathe(tyre_profile, 32).weld());
  const std::vector<glm::vec2> hub = {
      {0.0f, -0.03f}, {0.09f, -0.03f}, {0.09f, 0.03f}, {0.07f, 0.05f}, {0.0f, 0.05f}};
  centre.append(lathe(hub, 24));
  centre.append(tube(r - 0.045f, r - 0.085f, -0.03f, 0.025f, 32));  // rim inside the tyre
  for (int i = 0; i < 12; ++i) {
    float t = 2.0f * kPi * static_cast<float>(i) / 12.0f;
    glm::vec3 d(std::cos(t), std::sin(t), 0.0f);
    centre.append(beam(0.07f * d, (r - 0.075f) * d, 0.03f, 0.03f, {0, 0, 1}));
  }
  // Balance weight opposite the crank: a sector between hub and rim.
  std::vector<glm::vec2> weight;
  float c = kCrankAngle + kPi;
  for (int i = 0; i <= 8; ++i) {
    float t = c - 0.6f + 1.2f * static_cast<float>(i) / 8.0f;
    weight.push_back({(r - 0.08f) * std::cos(t), (r - 0.08f) * std::sin(t)});
  }
  for (int i = 8; i >= 0; --i) {
    float t = c - 0.45f + 0.9f * static_cast<float>(i) / 8.0f;
    weight.push_back({0.15f * std::cos(t), 0.15f * std::sin(t)});
  }
  centre.append(extrude(weight, -0.02f, 0.03f));
  glm::vec3 pin(kCrank * std::cos(kCrankAngle), kCrank * std::sin(kCrankAngle), 0.0f);
  centre.append(transformed(cylinder(0.045f, 0.0f, 0.08f, 16), translate(pin)));
}

void running_gear(Shape& black, Shape& red, Shape& steel) {
  Shape tyre, centre;
  driving_wheel(tyre, centre);
  for (float x : kDriverX) {
    for (float side : {-1.0f, 1.0f}) {
      glm::mat4 m = translate({x, side * (kGaugeHalf - kTreadCentre), kDriverAxle}) *
                    rotate_x(side > 0 ? -90.0f : 90.0f);
      // Wheels are built with the crank towards local +Y; on the right side that needs a mirror
      // to put the crank up (world +Z) with the outer face outwards.
      if (side > 0) m = m * scale({1, -1, 1});
      steel.append(transformed(tyre, m));
      red.append(transformed(centre, m));
    }
  }
  for (float side : {-1.0f, 1.0f}) {
    // Coupling rod through the three crank pins, connecting rod from the crosshead.
    steel.append(beam(crank_pin(kDriverX[2], side) - glm::vec3(0.06f, 0, 0),
                      crank_pin(kDriverX[0], side) + glm::vec3(0.06f, 0, 0), 0.03f, 0.055f,
                      {0, 0, 1}));
    glm::vec3 crosshead(1.0f, side * (kRodY + 0.04f), 0.56f);
    steel.append(beam(crosshead, crank_pin(kDriverX[1], side) + glm::vec3(0, side * 0.04f, 0),
                      0.03f, 0.06f, {0, 0, 1}));
    steel.append(rod(crosshead, {1.12f, side * (kRodY + 0.04f), 0.56f}, 0.02f, 12));  // piston rod
    // Outside cylinder with steel covers.
    glm::vec3 c(1.12f, side * 0.55f, 0.56f);
    black.append(transformed(cylinder(0.15f, 0.0f, 0.36f, 24), frame_along(c, {1, 0, 0})));
    steel.append(transformed(cylinder(0.16f, -0.02f, 0.02f, 24), frame_along(c, {1, 0, 0})));
    steel.append(transformed(cylinder(0.16f, 0.34f, 0.38f, 24), frame_along(c, {1, 0, 0})));
    // Frame between the cylinder and the footplate.
    black.append(box({1.1f, side * 0.3f - 0.02f, 0.56f}, {1.5f, side * 0.5f, kFootplate}));
  }
}

void boiler(Shape& black, Shape& brass) {
  black.append(transformed(cylinder(kBoilerRadius, 0.0f, 1.6f, 32), on_boiler_axis(kCabFront)));
  for (float x : {-0.3f, 0.25f, 0.8f})
    brass.append(transformed(tube(kBoilerRadius + 0.012f, kBoilerRadius - 0.01f, 0.0f, 0.035f, 32),
                             on_boiler_axis(x)));
  // Smokebox, a little wider, and its domed door with a handle.
  black.append(transformed(cylinder(0.43f, 0.0f, 0.42f, 32), on_boiler_axis(1.0f)));
  const std::vector<glm::vec2> door = {{0.0f, 0.0f},  {0.37f, 0.0f},  {0.36f, 0.025f},
                                       {0.3f, 0.05f}, {0.18f, 0.07f}, {0.0f, 0.075f}};
  black.append(transformed(lathe(door, 32), on_boiler_axis(1.42f)));
  brass.append(rod({1.5f, -0.1f, kBoilerAxis}, {1.5f, 0.1f, kBoilerAxis}, 0.018f, 12));
  black.append(box({1.02f, -0.3f, kFootplateTop}, {1.4f, 0.3f, kBoilerAxis - 0.2f}));  // saddle

  // Chimney with a flared cap, dome and safety valve.
  const std::vector<glm::vec2> chimney = {
      {0.0f, 1.68f},  {0.17f, 1.68f}, {0.17f, 1.72f}, {0.11f, 1.8f}, {0.1f, 2.1f},
      {0.14f, 2.17f}, {0.15f, 2.24f}, {0.12f, 2.26f}, {0.09f, 2.2f}, {0.0f, 2.2f}};
  black.append(transformed(lathe(chimney, 24), translate({1.21f, 0, 0})));
  const std::vector<glm::vec2> dome = {{0.0f, 1.64f},  {0.22f, 1.64f}, {0.2f, 1.8f},
                                       {0.18f, 1.88f}, {0.13f, 1.95f}, {0.06f, 1.985f},
                                       {0.0f, 1.99f}};
  brass.append(transformed(lathe(dome, 24), translate({0.35f, 0, 0})));
  const std::vector<glm::vec2> valve = {{0.0f, 1.68f},  {0.09f, 1.68f}, {0.07f, 1.8f},
                                        {0.05f, 1.84f}, {0.06f, 1.9f},  {0.0f, 1.92f}};
  brass.append(transformed(lathe(valve, 24), translate({-0.3f, 0, 0})));
  // Side tanks either side of the boiler.
  for (float side : {-1.0f, 1.0f})
    black.append(rounded_box({-0.48f, side > 0 ? 0.43f : -kCabHalf, kFootplateTop},
                             {0.9f, side > 0 ? kCabHalf : -0.43f, 1.52f}, 0.04f, 2));
}

void cab(Shape& black) {
  const float t = 0.05f, z0 = kFootplateTop;
  for (float side : {-1.0f, 1.0f}) {  // side sheets with an opening
    float y0 = side > 0 ? kCabHalf - t : -kCabHalf, y1 = side > 0 ? kCabHalf : -kCabHalf + t;
    black.append(box({kCabBack, y0, z0}, {kCabFront, y1, 1.42f}));
    black.append(box({kCabBack, y0, 1.42f}, {kCabBack + 0.25f, y1, kCabTop}));
    black.append(box({kCabFront - 0.22f, y0, 1.42f}, {kCabFront, y1, kCabTop}));
    black.append(box({kCabBack, y0, kCabTop - 0.1f}, {kCabFront, y1, kCabTop}));
  }
  for (float x0 : {kCabBack, kCabFront - t}) {  // front and back sheets with two windows each
    float x1 = x0 + t;
    black.append(box({x0, -kCabHalf, z0}, {x1, kCabHalf, 1.6f}));
    black.append(box({x0, -0.17f, 1.6f}, {x1, 0.17f, 1.84f}));
    for (float side : {-1.0f, 1.0f})
      black.append(
          box({x0, side > 0 ? 0.45f : -kCabHalf, 1.6f}, {x1, side > 0 ? kCabHalf : -0.45f, 1.84f}));
    black.append(box({x0, -kCabHalf, 1.84f}, {x1, kCabHalf, kCabTop}));
  }
  // Arched roof, extruded along x from an arc cross-section in (y, z).
  std::vector<glm::vec2> section;
  const int n = 16;
  const float half = 0.72f, rise = 0.13f, thick = 0.045f;
  for (int i = 0; i <= n; ++i) {
    float y = -half + 2.0f * half * static_cast<float>(i) / n;
    section.push_back({y, kCabTop + rise * (1.0f - (y / half) * (y / half))});
  }
  for (int i = n; i >= 0; --i) {
    float y = -half + 2.0f * half * static_cast<float>(i) / n;
    section.push_back({y, kCabTop + thick + rise * (1.0f - (y / half) * (y / half))});
  }
  black.append(
      transformed(extrude(section, kCabBack - 0.08f, kCabFront + 0.08f), yz_section_along_x()));
}

void ends(Shape& black, Shape& red, Shape& dark) {
  for (float sy : {-1.0f, 1.0f})  // frames
    black.append(box({-1.5f, sy * 0.26f - 0.03f, 0.36f}, {1.5f, sy * 0.26f + 0.03f, kFootplate}));
  black.append(rounded_box({-1.55f, -0.64f, kFootplate}, {1.5f, 0.64f, kFootplateTop}, 0.015f, 1));
  for (float sy : {-1.0f, 1.0f})  // red lining along the footplate edge
    red.append(box({-1.5f, sy > 0 ? 0.64f : -0.655f, kFootplate + 0.005f},
                   {1.5f, sy > 0 ? 0.655f : -0.64f, kFootplateTop - 0.005f}));
  for (float sx : {-1.0f, 1.0f}) {
    float x0 = sx > 0 ? 1.5f : -1.62f;
    red.append(rounded_box({x0, -0.66f, 0.46f}, {x0 + 0.12f, 0.66f, kFootplateTop}, 0.02f, 2));
    for (float sy : {-1.0f, 1.0f}) {
      glm::mat4 m = frame_along({sx * 1.62f, sy * 0.4f, kCouplingHeight}, {sx, 0, 0});
      dark.append(transformed(cylinder(0.05f, 0.0f, 0.13f, 20), m));
      dark.append(transformed(frustum(0.085f, 0.08f, 0.13f, 0.16f, 24), m));
    }
    dark.append(
        beam({sx * 1.62f, 0, kCouplingHeight}, {sx * 1.75f, 0, kCouplingHeight}, 0.05f, 0.07f));
  }
  // Cow-catcher: slanted bars fanning to a point under the front buffer beam.
  for (int i = -4; i <= 4; ++i) {
    float y = 0.15f * static_cast<float>(i);
    float tip = 1.66f + 0.2f * (1.0f - std::abs(y) / 0.6f);
    red.append(beam({1.6f, y, 0.5f}, {tip, 0.92f * y, 0.24f}, 0.035f, 0.035f, {1, 0, 0}));
  }
  for (float side : {-1.0f, 1.0f})
    red.append(beam({1.66f, side * 0.56f, 0.24f}, {kLocoFront - 0.03f, 0, 0.24f}, 0.04f, 0.04f));
}

}  // namespace

Asset locomotive() {
  Shape black, red, brass, steel, dark;
  ends(black, red, dark);
  running_gear(black, red, steel);
  boiler(black, brass);
  cab(black);
  Asset a("locomotive");
  a.add(palette::kLocoBlack, black, 40.0f);
  a.add(palette::kLocoRed, red, 40.0f);
  a.add(palette::kBrass, brass, 40.0f);
  a.add(palette::kSteel, steel, 40.0f);
  a.add(palette::kDarkSteel, dark, 40.0f);
  return a;
}

}  // namespace railyard::assetgen::trains
