// Wheels, wheelsets and track: the parts that make 2 axles read differently from 3.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/spoked_wheel.h"
#include "tools/assetgen/trains_assets.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen::trains {
namespace {

constexpr float kTreadCentre = 0.01f;  // the tread's middle, from the wheel's centre plane

// Places a wheel built about +Z on the right (+Y) or left side, flange inwards.
glm::mat4 wheel_frame(float sign) {
  float y = sign * (kGaugeHalf - kTreadCentre);
  return translate({0, y, 0}) * rotate_x(sign > 0 ? -90.0f : 90.0f);
}

}  // namespace

Asset wheelset() {
  Asset a("wheelset");
  Shape steel, paint;
  spoked_wheel({kWheelRadius, 0.05f, 0.035f, 0.05f, 0.08f, 0.035f, 8, 0.5f}, steel, paint);
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
