// Wagon bodies, walls and roofs: tall open boxes on large wheels, as V-LoL's. Walls and roofs are
// framed from the deck top (z = 0 there) so the manifest mounts them at one point; everything
// painted uses the "paint" slot.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/trains_assets.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen::trains {
namespace {

// Buffer about +Z: a flanged stock and a round head whose face is at z = kBufferReach.
Shape buffer() {
  const std::vector<glm::vec2> profile = {
      {0.0f, 0.0f},     {0.1f, 0.0f},           {0.1f, 0.02f},       {0.065f, 0.035f},
      {0.065f, 0.12f},  {0.045f, 0.12f},        {0.045f, 0.13f},     {0.11f, 0.13f},
      {0.115f, 0.145f}, {0.105f, kBufferReach}, {0.0f, kBufferReach}};
  return lathe(profile, 16);
}

// Evenly spaced positions from -half to half with gaps of at most `spacing`.
std::vector<float> spaced(float half, float spacing) {
  int n = static_cast<int>(std::ceil(2.0f * half / spacing));
  std::vector<float> out;
  for (int i = 0; i <= n; ++i) out.push_back(-half + 2.0f * half * static_cast<float>(i) / n);
  return out;
}

constexpr float kPostHalf = 0.045f;
constexpr float kPostInset = 0.07f;  // roof posts from the body's corners
constexpr float kBeam = 0.1f;        // roof frame section

// The four roof posts and the open frame they carry: every roof but "none" has them.
Shape roof_frame(float length) {
  Shape s;
  float px = 0.5f * length - kPostInset, py = kBodyHalfWidth - kPostInset;
  for (float sx : {-1.0f, 1.0f})
    for (float sy : {-1.0f, 1.0f})
      s.append(box({sx * px - kPostHalf, sy * py - kPostHalf, 0.0f},
                   {sx * px + kPostHalf, sy * py + kPostHalf, kRoofClearance}));
  float z0 = kRoofClearance, z1 = kRoofClearance + kBeam;
  float ex = px + kPostHalf + 0.05f;
  for (float sy : {-1.0f, 1.0f})
    s.append(
        rounded_box({-ex, sy * py - 0.5f * kBeam, z0}, {ex, sy * py + 0.5f * kBeam, z1}, 0.02f, 1));
  for (float sx : {-1.0f, 1.0f})
    s.append(
        rounded_box({sx * px - 0.5f * kBeam, -py, z0}, {sx * px + 0.5f * kBeam, py, z1}, 0.02f, 1));
  return s;
}

const char* sized(bool long_car, const char* short_name, const char* long_name) {
  return long_car ? long_name : short_name;
}

}  // namespace

Asset car_body(bool long_car) {
  float half = 0.5f * body_length(long_car);
  Asset a(sized(long_car, "car_body_short", "car_body_long"));
  Shape paint;
  paint.append(
      rounded_box({-half, -kSoleBarInner, kDeckBottom}, {half, kSoleBarInner, kDeckTop}, 0.02f, 1));
  for (float sy : {-1.0f, 1.0f})  // sole bars along the sides
    paint.append(rounded_box({-half, sy > 0 ? kSoleBarInner : -kBodyHalfWidth, kSoleBarBottom},
                             {half, sy > 0 ? kBodyHalfWidth : -kSoleBarInner, kDeckTop}, 0.02f, 1));
  for (float sx : {-1.0f, 1.0f})  // buffer beams across the ends
    paint.append(rounded_box(
        {sx > 0 ? half - 0.09f : -half - 0.02f, -kBodyHalfWidth - 0.03f, kSoleBarBottom - 0.05f},
        {sx > 0 ? half + 0.02f : -half + 0.09f, kBodyHalfWidth + 0.03f, kDeckTop}, 0.02f, 1));
  a.add(palette::kPaint, paint, 40.0f);

  Shape metal;
  for (float sx : {-1.0f, 1.0f}) {
    for (float sy : {-1.0f, 1.0f})
      metal.append(
          transformed(buffer(), frame_along({sx * half, sy * 0.52f, kCouplingHeight}, {sx, 0, 0})));
    // Coupling hook and link, inside the buffers' reach.
    metal.append(beam({sx * (half + 0.02f), 0, kCouplingHeight},
                      {sx * (half + 0.08f), 0, kCouplingHeight}, 0.07f, 0.1f));
    metal.append(transformed(
        torus(0.045f, 0.012f, 12, 6),
        translate({sx * (half + 0.09f), 0, kCouplingHeight - 0.04f}) * rotate_x(90.0f)));
  }
  a.add(palette::kDarkSteel, metal, 40.0f);

  Shape under;
  for (float x : spaced(half - 0.4f, 1.0f))  // cross members between the sole bars
    under.append(box({x - 0.05f, -kSoleBarInner, kDeckBottom - 0.1f},
                     {x + 0.05f, kSoleBarInner, kDeckBottom}));
  under.append(box({-half + 0.1f, -0.07f, kDeckBottom - 0.14f},
                   {half - 0.1f, 0.07f, kDeckBottom}));  // centre sill
  a.add(palette::kUnderframe, under, kFlat);
  return a;
}

Asset solid_wall(bool long_car) {
  float half = 0.5f * body_length(long_car) - 0.01f;
  const float t = 0.07f, y1 = kBodyHalfWidth, y0 = y1 - t, h = kWallHeight;
  Asset a(sized(long_car, "wall_solid_short", "wall_solid_long"));
  Shape panels;
  for (float sy : {-1.0f, 1.0f})
    panels.append(
        rounded_box({-half, sy > 0 ? y0 : -y1, 0.0f}, {half, sy > 0 ? y1 : -y0, h}, 0.015f, 1));
  for (float sx : {-1.0f, 1.0f})
    panels.append(rounded_box({sx > 0 ? half - t : -half, -y0, 0.0f},
                              {sx > 0 ? half : -half + t, y0, h}, 0.015f, 1));
  a.add(palette::kPaint, panels, 40.0f);

  // Iron strapping on the outside: vertical ribs, a band along the top, corner plates.
  Shape straps;
  for (float x : spaced(half - 0.06f, 0.55f))
    for (float sy : {-1.0f, 1.0f})
      straps.append(box({x - 0.035f, sy > 0 ? y1 : -y1 - 0.025f, 0.0f},
                        {x + 0.035f, sy > 0 ? y1 + 0.025f : -y1, h}));
  for (float sx : {-1.0f, 1.0f})
    for (float y : {-0.45f, 0.0f, 0.45f})
      straps.append(box({sx > 0 ? half : -half - 0.025f, y - 0.035f, 0.0f},
                        {sx > 0 ? half + 0.025f : -half, y + 0.035f, h}));
  a.add(palette::kUnderframe, straps, kFlat);
  return a;
}

Asset braced_wall(bool long_car) {
  float half = 0.5f * body_length(long_car) - 0.05f;
  const float y = kBodyHalfWidth - 0.05f, p = 0.05f, h = kWallHeight;
  Asset a(sized(long_car, "wall_braced_short", "wall_braced_long"));
  Shape s;
  auto post = [&](float px, float py) {
    s.append(box({px - p, py - p, 0.0f}, {px + p, py + p, h}));
  };
  auto rail = [&](glm::vec3 from, glm::vec3 to, float z) {
    from.z = to.z = z;
    s.append(beam(from, to, 0.08f, 0.08f));
  };
  std::vector<float> xs = spaced(half, 0.7f);
  std::vector<float> ys = spaced(y, 0.85f);
  for (float sy : {-1.0f, 1.0f}) {
    for (float x : xs) post(x, sy * y);
    for (float z : {h - 0.04f, 0.2f}) rail({-half, sy * y, 0}, {half, sy * y, 0}, z);
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {  // one diagonal brace per bay, alternating
      bool up = (i % 2 == 0) == (sy > 0);
      s.append(beam({xs[i], sy * y, up ? 0.03f : h - 0.06f},
                    {xs[i + 1], sy * y, up ? h - 0.06f : 0.03f}, 0.045f, 0.045f, {0, 0, 1}));
    }
  }
  for (float sx : {-1.0f, 1.0f}) {
    for (std::size_t i = 1; i + 1 < ys.size(); ++i) post(sx * half, ys[i]);
    for (float z : {h - 0.04f, 0.2f}) rail({sx * half, -y, 0}, {sx * half, y, 0}, z);
  }
  a.add(palette::kPaint, s, 40.0f);
  return a;
}

Asset frame_roof(bool long_car) {
  Asset a(sized(long_car, "roof_frame_short", "roof_frame_long"));
  a.add(palette::kPaint, roof_frame(body_length(long_car)), 40.0f);
  return a;
}

Asset flat_roof(bool long_car) {
  float ex = 0.5f * body_length(long_car) + 0.1f, ey = kBodyHalfWidth + 0.1f;
  Asset a(sized(long_car, "roof_flat_short", "roof_flat_long"));
  Shape s = roof_frame(body_length(long_car));
  s.append(rounded_box({-ex, -ey, kRoofClearance + kBeam}, {ex, ey, kRoofClearance + kBeam + 0.09f},
                       0.03f, 1));
  a.add(palette::kPaint, s, 40.0f);
  return a;
}

Asset bars_roof(bool long_car) {
  float length = body_length(long_car);
  float half = 0.5f * length - kPostInset, y = kBodyHalfWidth - kPostInset + 0.08f;
  Asset a(sized(long_car, "roof_bars_short", "roof_bars_long"));
  Shape s = roof_frame(length);
  float z = kRoofClearance + kBeam + 0.04f;
  for (float x : spaced(half, 0.32f))
    s.append(transformed(cylinder(0.045f, -y, y, 10), translate({x, 0, z}) * rotate_x(-90.0f)));
  a.add(palette::kPaint, s, 40.0f);
  return a;
}

Asset peaked_roof(bool long_car) {
  float length = body_length(long_car);
  float ex = 0.5f * length + 0.12f, ey = kBodyHalfWidth + 0.14f;
  float eave = kRoofClearance + 0.03f, ridge = eave + kPeakRise, t = 0.08f;
  Asset a(sized(long_car, "roof_peaked_short", "roof_peaked_long"));
  Shape s = roof_frame(length);
  // Chevron cross-section in (y, z), extruded along x.
  const std::vector<glm::vec2> section = {{-ey, eave - t}, {0.0f, ridge - t}, {ey, eave - t},
                                          {ey, eave},      {0.0f, ridge},     {-ey, eave}};
  const glm::mat4 along_x = yz_section_along_x();
  s.append(transformed(extrude(section, -ex, ex), along_x));
  a.add(palette::kPaint, s, 40.0f);
  a.add(palette::kUnderframe,
        rod({-ex - 0.04f, 0, ridge - 0.01f}, {ex + 0.04f, 0, ridge - 0.01f}, 0.05f, 12), kSmooth);
  return a;
}

}  // namespace railyard::assetgen::trains
