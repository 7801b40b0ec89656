// Wagon bodies, walls and roofs. Walls and roofs are framed from the deck top (z = 0 there) so the
// manifest mounts them at one point; everything painted uses the "paint" slot.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/trains_assets.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen::trains {
namespace {

float body_length(bool long_car) {
  return long_car ? kLongBody : kShortBody;
}

// Buffer about +Z: a flanged stock and a round head whose face is at z = kBufferReach.
Shape buffer() {
  const std::vector<glm::vec2> profile = {
      {0.0f, 0.0f},    {0.075f, 0.0f},        {0.075f, 0.02f},     {0.05f, 0.03f},
      {0.05f, 0.14f},  {0.035f, 0.14f},       {0.035f, 0.15f},     {0.085f, 0.15f},
      {0.09f, 0.165f}, {0.08f, kBufferReach}, {0.0f, kBufferReach}};
  return lathe(profile, 24);
}

// Evenly spaced positions from -half to half with gaps of at most `spacing`.
std::vector<float> spaced(float half, float spacing) {
  int n = static_cast<int>(std::ceil(2.0f * half / spacing));
  std::vector<float> out;
  for (int i = 0; i <= n; ++i) out.push_back(-half + 2.0f * half * static_cast<float>(i) / n);
  return out;
}

constexpr float kPostHalf = 0.03f;
constexpr float kPostInset = 0.05f;  // roof posts from the body's corners
constexpr float kBeam = 0.07f;       // roof frame section

// The four roof posts and the open frame they carry: every roof but "none" has them.
Shape roof_frame(float length) {
  Shape s;
  float px = 0.5f * length - kPostInset, py = kBodyHalfWidth - kPostInset;
  for (float sx : {-1.0f, 1.0f})
    for (float sy : {-1.0f, 1.0f})
      s.append(rounded_box({sx * px - kPostHalf, sy * py - kPostHalf, 0.0f},
                           {sx * px + kPostHalf, sy * py + kPostHalf, kRoofClearance}, 0.01f, 1));
  float z0 = kRoofClearance, z1 = kRoofClearance + kBeam;
  float ex = px + kPostHalf + 0.04f;
  for (float sy : {-1.0f, 1.0f})
    s.append(rounded_box({-ex, sy * py - 0.5f * kBeam, z0}, {ex, sy * py + 0.5f * kBeam, z1},
                         0.015f, 1));
  for (float sx : {-1.0f, 1.0f})
    s.append(rounded_box({sx * px - 0.5f * kBeam, -py, z0}, {sx * px + 0.5f * kBeam, py, z1},
                         0.015f, 1));
  return s;
}

}  // namespace

Asset car_body(bool long_car) {
  float length = body_length(long_car), half = 0.5f * length;
  Asset a(long_car ? "car_body_long" : "car_body_short");
  Shape paint;
  paint.append(rounded_box({-half, -kBodyHalfWidth, kDeckBottom}, {half, kBodyHalfWidth, kDeckTop},
                           0.015f, 1));
  for (float sy : {-1.0f, 1.0f})
    paint.append(
        rounded_box({-half + 0.04f, sy > 0 ? kSoleBarInner : -kBodyHalfWidth, kSoleBarBottom},
                    {half - 0.04f, sy > 0 ? kBodyHalfWidth : -kSoleBarInner, kDeckTop}, 0.012f, 1));
  for (float sx : {-1.0f, 1.0f})  // buffer beams
    paint.append(rounded_box(
        {sx > 0 ? half - 0.06f : -half - 0.02f, -kBodyHalfWidth - 0.02f, 0.5f},
        {sx > 0 ? half + 0.02f : -half + 0.06f, kBodyHalfWidth + 0.02f, kDeckTop}, 0.015f, 2));
  a.add(palette::kPaint, paint, 40.0f);

  Shape metal;
  for (float sx : {-1.0f, 1.0f}) {
    for (float sy : {-1.0f, 1.0f})
      metal.append(transformed(
          buffer(), frame_along({sx * (half + 0.0f), sy * 0.36f, kCouplingHeight}, {sx, 0, 0})));
    // Coupling hook and link.
    metal.append(beam({sx * (half + 0.02f), 0, kCouplingHeight},
                      {sx * (half + 0.12f), 0, kCouplingHeight}, 0.05f, 0.07f));
    metal.append(transformed(
        torus(0.035f, 0.011f, 16, 8),
        translate({sx * (half + 0.125f), 0, kCouplingHeight - 0.03f}) * rotate_x(90.0f)));
  }
  a.add(palette::kDarkSteel, metal, 40.0f);

  Shape under;
  for (float x : spaced(half - 0.3f, 0.8f))  // cross members between the sole bars
    under.append(box({x - 0.04f, -kSoleBarInner, kDeckBottom - 0.07f},
                     {x + 0.04f, kSoleBarInner, kDeckBottom}));
  under.append(box({-half + 0.1f, -0.05f, kDeckBottom - 0.1f},
                   {half - 0.1f, 0.05f, kDeckBottom}));  // centre sill
  a.add(palette::kUnderframe, under, kFlat);
  return a;
}

Asset solid_wall(bool long_car) {
  float half = 0.5f * body_length(long_car) - 0.01f;
  const float t = 0.06f, y1 = kBodyHalfWidth, y0 = y1 - t, h = kWallHeight;
  Asset a(long_car ? "wall_solid_long" : "wall_solid_short");
  Shape panels;
  for (float sy : {-1.0f, 1.0f})
    panels.append(
        rounded_box({-half, sy > 0 ? y0 : -y1, 0.0f}, {half, sy > 0 ? y1 : -y0, h}, 0.012f, 1));
  for (float sx : {-1.0f, 1.0f})
    panels.append(rounded_box({sx > 0 ? half - t : -half, -y0, 0.0f},
                              {sx > 0 ? half : -half + t, y0, h}, 0.012f, 1));
  a.add(palette::kPaint, panels, 40.0f);

  // Iron strapping on the outside: vertical ribs and corner plates.
  Shape straps;
  for (float x : spaced(half - 0.05f, 0.42f))
    for (float sy : {-1.0f, 1.0f})
      straps.append(box({x - 0.025f, sy > 0 ? y1 : -y1 - 0.018f, 0.0f},
                        {x + 0.025f, sy > 0 ? y1 + 0.018f : -y1, h}));
  for (float sx : {-1.0f, 1.0f})
    for (float y : {-0.3f, 0.0f, 0.3f})
      straps.append(box({sx > 0 ? half : -half - 0.018f, y - 0.025f, 0.0f},
                        {sx > 0 ? half + 0.018f : -half, y + 0.025f, h}));
  a.add(palette::kUnderframe, straps, kFlat);
  return a;
}

Asset braced_wall(bool long_car) {
  float half = 0.5f * body_length(long_car) - 0.04f;
  const float y = kBodyHalfWidth - 0.04f, p = 0.035f, h = kWallHeight + 0.04f;
  Asset a(long_car ? "wall_braced_long" : "wall_braced_short");
  Shape s;
  auto post = [&](float px, float py) {
    s.append(rounded_box({px - p, py - p, 0.0f}, {px + p, py + p, h}, 0.012f, 1));
  };
  auto rail = [&](glm::vec3 from, glm::vec3 to, float z) {
    from.z = to.z = z;
    s.append(beam(from, to, 0.05f, 0.05f));
  };
  std::vector<float> xs = spaced(half, 0.5f);
  std::vector<float> ys = spaced(y, 0.6f);
  for (float sy : {-1.0f, 1.0f}) {
    for (float x : xs) post(x, sy * y);
    for (float z : {h - 0.025f, 0.12f}) rail({-half, sy * y, 0}, {half, sy * y, 0}, z);
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {  // one diagonal brace per bay, alternating
      bool up = (i % 2 == 0) == (sy > 0);
      s.append(beam({xs[i], sy * y, up ? 0.02f : h - 0.04f},
                    {xs[i + 1], sy * y, up ? h - 0.04f : 0.02f}, 0.03f, 0.03f, {0, 0, 1}));
    }
  }
  for (float sx : {-1.0f, 1.0f}) {
    for (std::size_t i = 1; i + 1 < ys.size(); ++i) post(sx * half, ys[i]);
    for (float z : {h - 0.025f, 0.12f}) rail({sx * half, -y, 0}, {sx * half, y, 0}, z);
  }
  a.add(palette::kPaint, s, 40.0f);
  return a;
}

Asset frame_roof(bool long_car) {
  Asset a(long_car ? "roof_frame_long" : "roof_frame_short");
  a.add(palette::kPaint, roof_frame(body_length(long_car)), 40.0f);
  return a;
}

Asset flat_roof(bool long_car) {
  float ex = 0.5f * body_length(long_car) + 0.08f, ey = kBodyHalfWidth + 0.08f;
  Asset a(long_car ? "roof_flat_long" : "roof_flat_short");
  Shape s = roof_frame(body_length(long_car));
  s.append(rounded_box({-ex, -ey, kRoofClearance + kBeam}, {ex, ey, kRoofClearance + kBeam + 0.07f},
                       0.03f, 2));
  a.add(palette::kPaint, s, 40.0f);
  return a;
}

Asset bars_roof(bool long_car) {
  float length = body_length(long_car);
  float half = 0.5f * length - kPostInset, y = kBodyHalfWidth - kPostInset + 0.06f;
  Asset a(long_car ? "roof_bars_long" : "roof_bars_short");
  Shape s = roof_frame(length);
  float z = kRoofClearance + kBeam + 0.03f;
  for (float x : spaced(half, 0.28f))
    s.append(transformed(cylinder(0.035f, -y, y, 16), translate({x, 0, z}) * rotate_x(-90.0f)));
  a.add(palette::kPaint, s, 40.0f);
  return a;
}

Asset peaked_roof(bool long_car) {
  float length = body_length(long_car);
  float ex = 0.5f * length + 0.1f, ey = kBodyHalfWidth + 0.1f;
  float eave = kRoofClearance + 0.02f, ridge = eave + 0.75f, t = 0.06f;
  Asset a(long_car ? "roof_peaked_long" : "roof_peaked_short");
  Shape s = roof_frame(length);
  // Chevron cross-section in (y, z), extruded along x.
  const std::vector<glm::vec2> section = {{-ey, eave - t}, {0.0f, ridge - t}, {ey, eave - t},
                                          {ey, eave},      {0.0f, ridge},     {-ey, eave}};
  const glm::mat4 along_x = yz_section_along_x();
  s.append(transformed(extrude(section, -ex, ex), along_x));
  a.add(palette::kPaint, s, 40.0f);
  a.add(palette::kUnderframe,
        rod({-ex - 0.03f, 0, ridge - 0.01f}, {ex + 0.03f, 0, ridge - 0.01f}, 0.04f, 16), kSmooth);
  return a;
}

}  // namespace railyard::assetgen::trains
