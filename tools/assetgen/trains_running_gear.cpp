// Wheels, wheelsets and track: the parts that make 2 axles read differently from 3.
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/trains_assets.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen::trains {
namespace {

// Wagon disc wheel about +Z, flange on the -Z (inner) side, tread centred at z = 0.015.
Shape disc_wheel() {
  const std::vector<glm::vec2> profile = {
      {0.0f, -0.06f},    {0.06f, -0.06f},   {0.07f, -0.03f},   {0.15f, -0.025f},  {0.175f, -0.035f},
      {0.222f, -0.035f}, {0.235f, -0.025f}, {0.235f, -0.015f}, {0.205f, -0.005f}, {0.2f, 0.035f},
      {0.19f, 0.04f},    {0.165f, 0.04f},   {0.15f, 0.02f},    {0.08f, 0.02f},    {0.065f, 0.05f},
      {0.03f, 0.055f},   {0.0f, 0.055f}};
  return lathe(profile, 32);
}

constexpr float kTreadCentre = 0.015f;

// Places a wheel built about +Z on the right (+Y) or left side, flange inwards.
glm::mat4 wheel_frame(float x, float z, float sign) {
  float y = sign * (kGaugeHalf - kTreadCentre);
  return translate({x, y, z}) * rotate_x(sign > 0 ? -90.0f : 90.0f);
}

}  // namespace

Asset wheelset() {
  Asset a("wheelset");
  Shape wheels;
  for (float sign : {1.0f, -1.0f})
    wheels.append(transformed(disc_wheel(), wheel_frame(0, 0, sign)));
  a.add(palette::kSteel, wheels, 40.0f);
  a.add(palette::kSteel, rod({0, -0.5f, 0}, {0, 0.5f, 0}, 0.035f, 16), kSmooth);

  // Axle boxes and springs hang from the sole bars, whose bottom is kSoleBarBottom.
  const float top = kSoleBarBottom - kAxleHeight;
  Shape boxes;
  for (float sign : {1.0f, -1.0f}) {
    float y = sign * 0.52f;
    boxes.append(rounded_box({-0.085f, y - 0.04f, -0.09f}, {0.085f, y + 0.04f, top}, 0.025f, 2));
    for (int leaf = 0; leaf < 3; ++leaf) {  // leaf spring, longest leaf on top
      float half = 0.30f - 0.07f * leaf;
      float z = top - 0.025f - 0.018f * leaf;
      boxes.append(box({-half, y - 0.03f, z - 0.009f}, {half, y + 0.03f, z + 0.009f}));
    }
    for (float x : {-0.29f, 0.29f})  // hangers
      boxes.append(box({x - 0.02f, y - 0.035f, top - 0.04f}, {x + 0.02f, y + 0.035f, top}));
  }
  a.add(palette::kUnderframe, boxes, 40.0f);
  return a;
}

Asset track_segment() {
  Asset a("track_segment");
  float h = 0.5f * kTrackSegment;
  const std::vector<glm::vec2> bed = {
      {-0.78f, 0.0f}, {0.78f, 0.0f}, {0.62f, kBallastTop}, {-0.62f, kBallastTop}};
  // Outlines are drawn in (y, z) and extruded along x: a cyclic swap of axes.
  const glm::mat4 along_x = yz_section_along_x();
  a.add(palette::kBallast, transformed(extrude(bed, -h, h), along_x), kFlat);

  Shape sleepers;
  for (int i = -1; i <= 1; ++i) {
    float x = kTrackSegment * static_cast<float>(i) / 3.0f;
    sleepers.append(rounded_box({x - 0.075f, -0.56f, kBallastTop}, {x + 0.075f, 0.56f, kSleeperTop},
                                0.012f, 1));
  }
  a.add(palette::kSleeperWood, sleepers, 30.0f);

  const float b = kSleeperTop, t = kRailTop;
  const std::vector<glm::vec2> rail = {{-0.05f, b},          {0.05f, b},
                                       {0.05f, b + 0.015f},  {0.012f, b + 0.03f},
                                       {0.012f, t - 0.035f}, {0.03f, t - 0.03f},
                                       {0.03f, t},           {-0.03f, t},
                                       {-0.03f, t - 0.03f},  {-0.012f, t - 0.035f},
                                       {-0.012f, b + 0.03f}, {-0.05f, b + 0.015f}};
  Shape rails;
  for (float sign : {1.0f, -1.0f})
    rails.append(transformed(extrude(rail, -h, h), translate({0, sign * kGaugeHalf, 0}) * along_x));
  a.add(palette::kSteel, rails, kFlat);

  // Chairs clamping the rails to each sleeper.
  Shape chairs;
  for (int i = -1; i <= 1; ++i) {
    float x = kTrackSegment * static_cast<float>(i) / 3.0f;
    for (float y : {-kGaugeHalf, kGaugeHalf})
      chairs.append(
          box({x - 0.05f, y - 0.07f, kSleeperTop}, {x + 0.05f, y + 0.07f, kSleeperTop + 0.025f}));
  }
  a.add(palette::kDarkSteel, chairs, kFlat);
  return a;
}

}  // namespace railyard::assetgen::trains
