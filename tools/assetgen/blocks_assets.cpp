#include "tools/assetgen/blocks_assets.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tools/assetgen/blocks_dimensions.h"
#include "tools/assetgen/primitives.h"
#include "util/enum_names.h"

namespace railyard::assetgen::blocks {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kEdge = 0.06f;  // rounding of the platforms' rims
constexpr float kHeight = kPlatformHeight;

// Sides of a platform's lathe: round ones smooth, the others their polygon.
int sides(Platform p) {
  switch (p) {
    case Platform::HexagonalPrism: return 6;
    case Platform::Frustum: return 4;
    default: return 64;
  }
}

// Lathe radius of a platform at height z, before rounding: a square frustum's corners lie at
// sqrt(2) times its half side.
float radius_of(Platform p, float z) {
  switch (p) {
    case Platform::Cylinder: return kPlatformHalfWidth;
    case Platform::HexagonalPrism: return kPlatformHalfWidth;
    case Platform::Frustum:
      return std::sqrt(2.0f) *
             (kFrustumFootHalf + (kFrustumTopHalf - kFrustumFootHalf) * z / kHeight);
    case Platform::Hemisphere: {  // a bowl: half an ellipsoid, flat face up, twice as deep as wide
      float c = std::clamp((kHeight - z) / kHeight, 0.0f, 1.0f);
      return kPlatformHalfWidth * std::sqrt(1.0f - c * c);
    }
    case Platform::Cube: break;
  }
  return 0.0f;
}

// The radius with the rims rounded by kEdge (the bowl has no bottom rim, only its pole).
float radius_at(Platform p, float z) {
  float r = radius_of(p, z);
  float d = p == Platform::Hemisphere ? kHeight - z : std::min(z, kHeight - z);
  if (d >= kEdge) return r;
  float u = kEdge - d;
  return r - kEdge + std::sqrt(std::max(0.0f, kEdge * kEdge - u * u));
}

// Heights at which to sample a platform's profile between z0 and z1: the rounded rims and the
// bowl's curve need samples, straight flanks none.
std::vector<float> profile_heights(Platform p, float z0, float z1) {
  std::vector<float> zs = {z0, z1};
  const int rim = 4, bowl = 24;
  for (int i = 0; i <= rim; ++i) {
    float t = kEdge * (1.0f - std::cos(0.5f * kPi * static_cast<float>(i) / rim));
    zs.push_back(kHeight - t);
    if (p != Platform::Hemisphere) zs.push_back(t);
  }
  if (p == Platform::Hemisphere)
    for (int i = 1; i < bowl; ++i)
      zs.push_back(kHeight * (1.0f - std::cos(0.5f * kPi * static_cast<float>(i) / bowl)));
  std::vector<float> out;
  for (float z : zs)
    if (z >= z0 && z <= z1) out.push_back(z);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Lathe of the platform between heights z0 and z1, grown outwards by `grow`, to be stretched
// along X by `stretch`.
Shape round_band(Platform p, float z0, float z1, float grow, float stretch) {
  std::vector<glm::vec2> profile = {{0.0f, z0 - grow}};
  std::vector<float> zs = profile_heights(p, z0, z1);
  for (std::size_t i = 0; i < zs.size(); ++i) {
    float z = zs[i];
    float r = radius_at(p, z);
    if (r < 1e-4f) continue;  // the bowl's pole: the profile's first point already closes it
    float dz = i == 0 ? -grow : i + 1 == zs.size() ? grow : 0.0f;
    profile.push_back({r + grow, z + dz});
  }
  profile.push_back({0.0f, profile.back().y});
  float phase = p == Platform::Frustum ? 0.25f * kPi : 0.0f;
  bool round = sides(p) > 6;
  return (round ? lathe(profile, sides(p), phase, stretch)
                : faceted_lathe(profile, sides(p), phase))
      .weld();
}

Shape band_shape(Platform p, float z0, float z1, float grow, float stretch) {
  if (p == Platform::Cube) {
    float h = kPlatformHalfWidth + grow;
    return rounded_box({-h, -h, z0 - grow}, {h, h, z1 + grow}, kEdge, 2);
  }
  return round_band(p, z0, z1, grow, stretch);
}

}  // namespace

constexpr auto kPlatformNames =
    enum_names<Platform>({{Platform::Cube, "cube"},
                          {Platform::Cylinder, "cylinder"},
                          {Platform::Hemisphere, "hemisphere"},
                          {Platform::Frustum, "frustum"},
                          {Platform::HexagonalPrism, "hexagonal_prism"}});
constexpr auto kLoadNames = enum_names<Load>({{Load::Sphere, "sphere"},
                                              {Load::Pyramid, "pyramid"},
                                              {Load::Cube, "cube"},
                                              {Load::Cylinder, "cylinder"},
                                              {Load::Cone, "cone"},
                                              {Load::Torus, "torus"}});

std::string_view platform_name(Platform p) {
  return kPlatformNames.name(p);
}

std::string_view load_name(Load l) {
  return kLoadNames.name(l);
}

Asset platform(Platform p, bool long_car, Band band) {
  std::string name = std::string(platform_name(p)) + (long_car ? "_long" : "_short");
  float stretch = long_car ? kLongStretch : 1.0f;
  Shape s;
  switch (band) {
    case Band::Whole: s = band_shape(p, 0.0f, kHeight, 0.0f, stretch); break;
    case Band::Top:
      name += "_top";
      s = band_shape(p, kHeight - kMarkerBand, kHeight, kMarkerGrow, stretch);
      break;
    case Band::Bottom:
      name += "_bottom";
      // The bowl's foot is its pole: a band as high as the others would be a dot.
      s = band_shape(p, 0.0f, (p == Platform::Hemisphere ? 2.0f : 1.0f) * kMarkerBand, kMarkerGrow,
                     stretch);
      break;
  }
  if (long_car) s.transform(scale({stretch, 1.0f, 1.0f}));
  Asset a(name);
  a.add(band == Band::Whole ? palette::kPaint : palette::kMarkerBlack, s, 40.0f);
  return a;
}

Asset load(Load l) {
  Shape s;
  float crease_deg = 40.0f;
  switch (l) {
    case Load::Sphere: s = transformed(sphere(0.3f, 32, 16), translate({0, 0, 0.3f})); break;
    case Load::Pyramid:
      s = faceted_lathe(std::vector<glm::vec2>{{0.0f, 0.0f}, {0.44f, 0.0f}, {0.0f, 0.55f}}, 4,
                        kPi / 4.0f);
      crease_deg = kFlat;
      break;
    case Load::Cube:
      s = rounded_box({-0.28f, -0.28f, 0.0f}, {0.28f, 0.28f, 0.56f}, 0.03f, 2);
      break;
    case Load::Cylinder: {
      std::vector<glm::vec2> p = {{0.0f, 0.0f},   {0.22f, 0.0f},  {0.25f, 0.03f},
                                  {0.25f, 0.65f}, {0.22f, 0.68f}, {0.0f, 0.68f}};
      s = lathe(p, 32);
      break;
    }
    case Load::Cone: s = frustum(0.3f, 0.0f, 0.0f, 0.75f, 32); break;
    case Load::Torus: s = transformed(torus(0.22f, 0.11f, 32, 12), translate({0, 0, 0.11f})); break;
  }
  Asset a("load_" + std::string(load_name(l)));
  a.add(palette::kBlockLoad, s, crease_deg);
  return a;
}

Asset locomotive() {
  const float hl = 0.5f * kLocoLength;
  Shape s = rounded_box({-hl, -0.8f, 0.0f}, {hl, 0.8f, 0.7f}, 0.06f, 2);
  s.append(
      transformed(cylinder(0.6f, 0.0f, 2.0f, 48), translate({-0.45f, 0, 1.25f}) * rotate_y(90.0f)));
  s.append(rounded_box({-hl, -0.8f, 0.7f}, {-0.45f, 0.8f, 2.2f}, 0.06f, 2));
  s.append(cylinder(0.22f, 1.6f, 2.45f, 24).transform(translate({1.05f, 0, 0})));
  Asset a("locomotive");
  a.add(palette::kLocoBlock, s, 40.0f);
  return a;
}

}  // namespace railyard::assetgen::blocks
