// A small 0-4-0 side-tank steam locomotive at V-LoL's size (S = 1): black boiler, smokebox and
// tanks, a tall chimney and brass dome, cab with windows and an arched roof, red buffer beams and
// spoked driving wheels with steel tyres, coupling rods, outside cylinders and a cow-catcher. Its
// span, rear buffer faces to cow-catcher tip, is V-LoL's engine length, centred on the origin;
// +X is forwards.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/spoked_wheel.h"
#include "tools/assetgen/trains_assets.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen::trains {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kTip = 0.5f * kLocoSpacing;  // cow-catcher tip; the rear buffers at -kTip
constexpr float kDriverRadius = 0.46f;
constexpr float kDriverAxle = kRailTop + kDriverRadius;
constexpr float kDriverX[2] = {0.42f, -0.72f};
constexpr float kCrank = 0.15f;
constexpr float kCrankAngle = 0.6f;  // radians, the same on both sides
constexpr float kTreadCentre = 0.015f;
constexpr float kRodY = kGaugeHalf + 0.1f;  // plane of the coupling rods, outside the wheels
constexpr float kHalfWidth = 0.95f;         // footplate and buffer beams
constexpr float kFootplate = 1.22f;
constexpr float kFootplateTop = kFootplate + 0.08f;
constexpr float kBoilerAxis = 1.92f;
constexpr float kBoilerRadius = 0.55f;
constexpr float kCabBack = -1.62f, kCabFront = -0.5f, kCabTop = 2.95f, kCabHalf = 0.92f;
constexpr float kBeamDepth = 0.15f;  // buffer beams, front and back
constexpr float kRearBeam = -kTip + kBufferReach;

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
  spoked_wheel({r, 0.07f, 0.04f, 0.06f, 0.13f, 0.045f, 12}, tyre, centre);
  // Balance weight opposite the crank: a sector between hub and rim.
  std::vector<glm::vec2> weight;
  float c = kCrankAngle + kPi;
  for (int i = 0; i <= 8; ++i) {
    float t = c - 0.6f + 1.2f * static_cast<float>(i) / 8.0f;
    weight.push_back({(r - 0.11f) * std::cos(t), (r - 0.11f) * std::sin(t)});
  }
  for (int i = 8; i >= 0; --i) {
    float t = c - 0.45f + 0.9f * static_cast<float>(i) / 8.0f;
    weight.push_back({0.22f * std::cos(t), 0.22f * std::sin(t)});
  }
  centre.append(extrude(weight, -0.03f, 0.04f));
  glm::vec3 pin(kCrank * std::cos(kCrankAngle), kCrank * std::sin(kCrankAngle), 0.0f);
  centre.append(transformed(cylinder(0.065f, 0.0f, 0.11f, 12), translate(pin)));
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
    // Coupling rod through the crank pins, connecting rod from the crosshead.
    steel.append(beam(crank_pin(kDriverX[1], side) - glm::vec3(0.09f, 0, 0),
                      crank_pin(kDriverX[0], side) + glm::vec3(0.09f, 0, 0), 0.045f, 0.08f,
                      {0, 0, 1}));
    glm::vec3 crosshead(1.0f, side * (kRodY + 0.04f), 0.8f);
    steel.append(beam(crosshead, crank_pin(kDriverX[0], side) + glm::vec3(0, side * 0.04f, 0),
                      0.045f, 0.085f, {0, 0, 1}));
    steel.append(rod(crosshead, {1.15f, side * (kRodY + 0.04f), 0.8f}, 0.03f, 8));  // piston rod
    // Outside cylinder with steel covers.
    glm::vec3 c(1.1f, side * (kRodY + 0.04f), 0.8f);
    black.append(transformed(cylinder(0.18f, 0.0f, 0.42f, 20), frame_along(c, {1, 0, 0})));
    steel.append(transformed(cylinder(0.195f, -0.03f, 0.03f, 20), frame_along(c, {1, 0, 0})));
    steel.append(transformed(cylinder(0.195f, 0.39f, 0.45f, 20), frame_along(c, {1, 0, 0})));
    // Frame between the cylinder and the footplate.
    black.append(box({1.05f, side * 0.4f - 0.03f, 0.8f}, {1.5f, side * kRodY, kFootplate}));
  }
}

void boiler(Shape& black, Shape& brass) {
  black.append(transformed(cylinder(kBoilerRadius, 0.0f, 1.4f, 32), on_boiler_axis(kCabFront)));
  for (float x : {-0.2f, 0.35f})
    brass.append(transformed(tube(kBoilerRadius + 0.016f, kBoilerRadius - 0.01f, 0.0f, 0.05f, 32),
                             on_boiler_axis(x)));
  // Smokebox, a little wider, and its domed door with a handle.
  black.append(transformed(cylinder(0.59f, 0.0f, 0.55f, 32), on_boiler_axis(0.9f)));
  const std::vector<glm::vec2> door = {{0.0f, 0.0f},   {0.5f, 0.0f},  {0.49f, 0.035f},
                                       {0.41f, 0.07f}, {0.25f, 0.1f}, {0.0f, 0.105f}};
  black.append(transformed(lathe(door, 32), on_boiler_axis(1.45f)));
  brass.append(rod({1.56f, -0.14f, kBoilerAxis}, {1.56f, 0.14f, kBoilerAxis}, 0.025f, 8));
  black.append(box({0.92f, -0.4f, kFootplateTop}, {1.4f, 0.4f, kBoilerAxis - 0.3f}));  // saddle

  // Tall chimney with a flared cap, dome and safety valve.
  const std::vector<glm::vec2> chimney = {
      {0.0f, 2.38f}, {0.24f, 2.38f}, {0.24f, 2.44f}, {0.15f, 2.56f}, {0.14f, 3.14f},
      {0.2f, 3.24f}, {0.21f, 3.34f}, {0.17f, 3.37f}, {0.12f, 3.29f}, {0.0f, 3.29f}};
  black.append(transformed(lathe(chimney, 24), translate({1.17f, 0, 0})));
  const std::vector<glm::vec2> dome = {{0.0f, 2.38f}, {0.3f, 2.38f},  {0.28f, 2.6f}, {0.25f, 2.71f},
                                       {0.18f, 2.8f}, {0.08f, 2.85f}, {0.0f, 2.86f}};
  brass.append(transformed(lathe(dome, 24), translate({0.3f, 0, 0})));
  const std::vector<glm::vec2> valve = {{0.0f, 2.4f},   {0.12f, 2.4f},   {0.1f, 2.56f},
                                        {0.07f, 2.61f}, {0.085f, 2.69f}, {0.0f, 2.72f}};
  brass.append(transformed(lathe(valve, 16), translate({-0.25f, 0, 0})));
  // Side tanks either side of the boiler.
  for (float side : {-1.0f, 1.0f})
    black.append(rounded_box({-0.45f, side > 0 ? 0.6f : -kCabHalf, kFootplateTop},
                             {0.85f, side > 0 ? kCabHalf : -0.6f, 2.2f}, 0.05f, 2));
}

void cab(Shape& black) {
  const float t = 0.07f, z0 = kFootplateTop;
  for (float side : {-1.0f, 1.0f}) {  // side sheets with an opening
    float y0 = side > 0 ? kCabHalf - t : -kCabHalf, y1 = side > 0 ? kCabHalf : -kCabHalf + t;
    black.append(box({kCabBack, y0, z0}, {kCabFront, y1, 2.05f}));
    black.append(box({kCabBack, y0, 2.05f}, {kCabBack + 0.3f, y1, kCabTop}));
    black.append(box({kCabFront - 0.28f, y0, 2.05f}, {kCabFront, y1, kCabTop}));
    black.append(box({kCabBack, y0, kCabTop - 0.14f}, {kCabFront, y1, kCabTop}));
  }
  for (float x0 : {kCabBack, kCabFront - t}) {  // front and back sheets with two windows each
    float x1 = x0 + t;
    black.append(box({x0, -kCabHalf, z0}, {x1, kCabHalf, 2.3f}));
    black.append(box({x0, -0.25f, 2.3f}, {x1, 0.25f, 2.65f}));
    for (float side : {-1.0f, 1.0f})
      black.append(
          box({x0, side > 0 ? 0.66f : -kCabHalf, 2.3f}, {x1, side > 0 ? kCabHalf : -0.66f, 2.65f}));
    black.append(box({x0, -kCabHalf, 2.65f}, {x1, kCabHalf, kCabTop}));
  }
  // Arched roof, extruded along x from an arc cross-section in (y, z).
  std::vector<glm::vec2> section;
  const int n = 16;
  const float half = 1.02f, rise = 0.18f, thick = 0.06f;
  for (int i = 0; i <= n; ++i) {
    float y = -half + 2.0f * half * static_cast<float>(i) / n;
    section.push_back({y, kCabTop + rise * (1.0f - (y / half) * (y / half))});
  }
  for (int i = n; i >= 0; --i) {
    float y = -half + 2.0f * half * static_cast<float>(i) / n;
    section.push_back({y, kCabTop + thick + rise * (1.0f - (y / half) * (y / half))});
  }
  black.append(
      transformed(extrude(section, kCabBack - 0.1f, kCabFront + 0.1f), yz_section_along_x()));
}

void ends(Shape& black, Shape& red, Shape& dark) {
  for (float sy : {-1.0f, 1.0f})  // frames
    black.append(box({kRearBeam, sy * 0.4f - 0.04f, 0.55f}, {1.5f, sy * 0.4f + 0.04f, kFootplate}));
  black.append(rounded_box({kRearBeam, -kHalfWidth + 0.02f, kFootplate},
                           {1.5f, kHalfWidth - 0.02f, kFootplateTop}, 0.02f, 1));
  for (float sy : {-1.0f, 1.0f})  // red lining along the footplate edge
    red.append(box({kRearBeam, sy > 0 ? kHalfWidth - 0.02f : -kHalfWidth, kFootplate + 0.01f},
                   {1.5f, sy > 0 ? kHalfWidth : -kHalfWidth + 0.02f, kFootplateTop - 0.01f}));
  for (float sx : {-1.0f, 1.0f}) {
    float x0 = sx > 0 ? 1.5f : kRearBeam;
    float face = sx > 0 ? x0 + kBeamDepth : x0;  // where the buffers stand
    red.append(rounded_box({x0, -kHalfWidth, 0.85f}, {x0 + kBeamDepth, kHalfWidth, kFootplateTop},
                           0.03f, 1));
    for (float sy : {-1.0f, 1.0f}) {
      glm::mat4 m = frame_along({face, sy * 0.52f, kCouplingHeight}, {sx, 0, 0});
      dark.append(transformed(cylinder(0.07f, 0.0f, 0.12f, 16), m));
      dark.append(transformed(frustum(0.115f, 0.105f, 0.12f, kBufferReach, 16), m));
    }
    dark.append(
        beam({face, 0, kCouplingHeight}, {face + sx * 0.14f, 0, kCouplingHeight}, 0.07f, 0.1f));
  }
  // Cow-catcher: slanted bars fanning to a point under the front buffer beam.
  const float beam_front = 1.5f + kBeamDepth;
  for (int i = -4; i <= 4; ++i) {
    float y = 0.21f * static_cast<float>(i);
    float tip = beam_front + 0.15f * (1.0f - std::abs(y) / 0.84f);
    red.append(
        beam({beam_front - 0.05f, y, 0.87f}, {tip, 0.92f * y, 0.32f}, 0.05f, 0.05f, {1, 0, 0}));
  }
  for (float side : {-1.0f, 1.0f})
    red.append(beam({beam_front, side * 0.78f, 0.32f}, {kTip - 0.04f, 0, 0.32f}, 0.06f, 0.06f));
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
