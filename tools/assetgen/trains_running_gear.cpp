// Wheels, wheelsets and track: the parts that make 2 axles read differently from 3.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/trains_assets.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen::trains {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kTreadCentre = 0.01f;  // the tread's middle, from the wheel's centre plane
constexpr int kSpokes = 8;

// Spoked wagon wheel about +Z: a flanged steel tyre on the -Z (inner) side, a painted rim, hub
// and spokes. 32 segments keep the rim within half a pixel of a circle at 1920x1080.
void spoked_wheel(Shape& steel, Shape& paint) {
  const float r = kWheelRadius;
  const std::vector<glm::vec2> tyre = {
      {r - 0.05f, -0.05f}, {r + 0.035f, -0.05f}, {r + 0.035f, -0.035f}, {r, -0.02f},
      {r - 0.004f, 0.04f}, {r - 0.05f, 0.04f},   {r - 0.05f, -0.05f}};
  steel.append(lathe(tyre, 32).weld());
  paint.append(tube(r - 0.045f, r - 0.085f, -0.03f, 0.03f, 32));  // rim inside the tyre
  const std::vector<glm::vec2> hub = {
      {0.0f, -0.05f}, {0.08f, -0.05f}, {0.08f, 0.05f}, {0.06f, 0.075f}, {0.0f, 0.075f}};
  paint.append(lathe(hub, 16));
  for (int i = 0; i < kSpokes; ++i) {
    float t = 2.0f * kPi * (static_cast<float>(i) + 0.5f) / kSpokes;
    glm::vec3 d(std::cos(t), std::sin(t), 0.0f);
    paint.append(beam(0.07f * d, (r - 0.075f) * d, 0.035f, 0.04f, {0, 0, 1}));
  }
}

// Places a wheel built about +Z on the right (+Y) or left side, flange inwards.
glm::mat4 wheel_frame(float sign) {
  float y = sign * (kGaugeHalf - kTreadCentre);
  return translate({0, y, 0}) * rotate_x(sign > 0 ? -90.0f : 90.0f);
}

}  // namespace

Asset wheelset() {
  Asset a("wheelset");
  Shape steel, paint;
  spoked_wheel(steel, paint);
  Shape tyres, centres;
  for (float sign : {1.0f, -1.0f}) {
    tyres.append(transformed(steel, wheel_frame(sign)));
    centres.append(transformed(paint, wheel_frame(sign)));
  }
  a.add(palette::kSteel, tyres, 40.0f);
  a.add(palette::kPaint, centres, 40.0f);
  a.add(palette::kSteel, rod({0, -kGaugeHalf, 0}, {0, kGaugeHalf, 0}, 0.05f, 12), kSmooth);
  return a;
}

Asset track_segment() {
  Asset a("track_segment");
  float h = 0.5f * kTrackSegment;
  const std::vector<glm::vec2> bed = {
      {-1.05f, 0.0f}, {1.05f, 0.0f}, {0.9f, kBallastTop}, {-0.9f, kBallastTop}};
  // Outlines are drawn in (y, z) and extruded along x: a cyclic swap of axes.
  const glm::mat4 along_x = yz_section_along_x();
  a.add(palette::kBallast, transformed(extrude(bed, -h, h), along_x), kFlat);

  // Plain boxes: a sleeper is a few pixels wide, rounding would only add triangles.
  Shape sleepers;
  int count = static_cast<int>(std::lround(kTrackSegment / kSleeperPitch));
  for (int i = 0; i < count; ++i) {
    float x = -h + kSleeperPitch * (static_cast<float>(i) + 0.5f);
    sleepers.append(box({x - 0.11f, -0.95f, kBallastTop}, {x + 0.11f, 0.95f, kSleeperTop}));
  }
  a.add(palette::kSleeperWood, sleepers, kFlat);

  const float b = kSleeperTop, t = kRailTop;
  const std::vector<glm::vec2> rail = {{-0.07f, b},
                                       {0.07f, b},
                                       {0.07f, b + 0.02f},
                                       {0.016f, b + 0.035f},
                                       {0.016f, t - 0.045f},
                                       {0.04f, t - 0.04f},
                                       {0.04f, t},
                                       {-0.04f, t},
                                       {-0.04f, t - 0.04f},
                                       {-0.016f, t - 0.045f},
                                       {-0.016f, b + 0.035f},
                                       {-0.07f, b + 0.02f}};
  Shape rails;
  for (float sign : {1.0f, -1.0f})
    rails.append(transformed(extrude(rail, -h, h), translate({0, sign * kGaugeHalf, 0}) * along_x));
  a.add(palette::kSteel, rails, kFlat);
  return a;
}

}  // namespace railyard::assetgen::trains
