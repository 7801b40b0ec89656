#include "tools/assetgen/blocks_assets.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "tools/assetgen/blocks_dimensions.h"
#include "tools/assetgen/primitives.h"

namespace railyard::assetgen::blocks {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kEdge = 0.05f;  // rounding of the platforms' rims

float height(Platform p) {
  switch (p) {
    case Platform::Cube: return kCubeEdge;
    case Platform::Cylinder: return kCylinderHeight;
    case Platform::Hemisphere: return kHemisphereRadius;
    case Platform::Frustum: return kFrustumHeight;
    case Platform::HexagonalPrism: return kPrismHeight;
  }
  return 1.0f;
}

// Radius of a round platform at height z, rims rounded by kEdge.
float radius_at(Platform p, float z) {
  float h = height(p);
  auto rounded = [&](float r) {
    float d = std::min(z, h - z);  // distance to the nearer rim
    if (d >= kEdge) return r;
    float u = kEdge - d;
    return r - kEdge + std::sqrt(std::max(0.0f, kEdge * kEdge - u * u));
  };
  switch (p) {
    case Platform::Cylinder: return rounded(kCylinderRadius);
    case Platform::Frustum: return rounded(kFrustumBottom + (kFrustumTop - kFrustumBottom) * z / h);
    case Platform::HexagonalPrism: return rounded(kPrismRadius);
    case Platform::Hemisphere: {
      float c = std::min(1.0f, z / kHemisphereRadius);
      float r = kHemisphereRadius * std::sqrt(std::max(0.0f, 1.0f - c * c));
      return z < kEdge
                 ? r - kEdge + std::sqrt(std::max(0.0f, kEdge * kEdge - (kEdge - z) * (kEdge - z)))
                 : r;
    }
    case Platform::Cube: break;
  }
  return 0.0f;
}

// Heights at which to sample a round platform's profile between z0 and z1: the rounded rims and
// the dome need samples, straight flanks need none.
std::vector<float> profile_heights(Platform p, float z0, float z1) {
  float h = height(p);
  std::vector<float> zs = {z0, z1};
  const int rim = 4, dome = 20;
  for (int i = 1; i < rim; ++i) {
    float t = kEdge * (1.0f - std::cos(0.5f * kPi * static_cast<float>(i) / rim));
    zs.push_back(t);
    zs.push_back(h - t);
  }
  zs.push_back(kEdge);
  zs.push_back(h - kEdge);
  if (p == Platform::Hemisphere)
    for (int i = 1; i < dome; ++i)
      zs.push_back(h * std::sin(0.5f * kPi * static_cast<float>(i) / dome));
  std::vector<float> out;
  for (float z : zs)
    if (z >= z0 && z <= z1) out.push_back(z);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Lathe of the platform between heights z0 and z1, grown outwards by `grow`.
Shape round_band(Platform p, float z0, float z1, float grow) {
  int sides = p == Platform::HexagonalPrism ? 6 : 64;
  std::vector<glm::vec2> profile = {{0.0f, z0 - grow}};
  std::vector<float> zs = profile_heights(p, z0, z1);
  for (std::size_t i = 0; i < zs.size(); ++i) {
    float z = zs[i];
    float r = radius_at(p, z);
    float dz = i == 0 ? -grow : i + 1 == zs.size() ? grow : 0.0f;
    if (r <= 1e-4f) {  // reached the apex of the dome
      profile.push_back({0.0f, z + grow});
      break;
    }
    profile.push_back({r + grow, z + dz});
  }
  if (profile.back().x > 0.0f) profile.push_back({0.0f, profile.back().y});
  return lathe(profile, sides).weld();
}

Shape band_shape(Platform p, float z0, float z1, float grow) {
  if (p == Platform::Cube) {
    float h = 0.5f * kCubeEdge + grow;
    return rounded_box({-h, -h, z0 - grow}, {h, h, z1 + grow}, kEdge, 2);
  }
  return round_band(p, z0, z1, grow);
}

}  // namespace

std::string_view platform_name(Platform p) {
  switch (p) {
    case Platform::Cube: return "cube";
    case Platform::Cylinder: return "cylinder";
    case Platform::Hemisphere: return "hemisphere";
    case Platform::Frustum: return "frustum";
    case Platform::HexagonalPrism: return "hexagonal_prism";
  }
  return "?";
}

std::string_view load_name(Load l) {
  switch (l) {
    case Load::Sphere: return "sphere";
    case Load::Pyramid: return "pyramid";
    case Load::Cube: return "cube";
    case Load::Cylinder: return "cylinder";
    case Load::Cone: return "cone";
    case Load::Torus: return "torus";
  }
  return "?";
}

Asset platform(Platform p, bool long_car, Band band) {
  float h = height(p);
  std::string name = std::string(platform_name(p)) + (long_car ? "_long" : "_short");
  Shape s;
  switch (band) {
    case Band::Whole: s = band_shape(p, 0.0f, h, 0.0f); break;
    case Band::Top:
      name += "_top";
      s = band_shape(p, h - (p == Platform::Hemisphere ? 1.6f : 1.0f) * kMarkerBand, h,
                     kMarkerGrow);
      break;
    case Band::Bottom:
      name += "_bottom";
      s = band_shape(p, 0.0f, kMarkerBand, kMarkerGrow);
      break;
  }
  if (long_car) s.transform(scale({kLongStretch, 1.0f, 1.0f}));
  s.transform(scale(glm::vec3(kScale)));
  Asset a(name);
  a.add(band == Band::Whole ? palette::kPaint : palette::kMarkerBlack, s, 40.0f);
  return a;
}

Asset load(Load l) {
  Shape s;
  float crease_deg = 40.0f;
  switch (l) {
    case Load::Sphere: s = transformed(sphere(0.26f, 48, 24), translate({0, 0, 0.26f})); break;
    case Load::Pyramid:
      s = lathe(std::vector<glm::vec2>{{0.0f, 0.0f}, {0.42f, 0.0f}, {0.0f, 0.4f}}, 4, kPi / 4.0f);
      crease_deg = kFlat;
      break;
    case Load::Cube:
      s = rounded_box({-0.23f, -0.23f, 0.0f}, {0.23f, 0.23f, 0.46f}, 0.03f, 2);
      break;
    case Load::Cylinder: {
      std::vector<glm::vec2> p = {{0.0f, 0.0f},   {0.17f, 0.0f},  {0.19f, 0.02f},
                                  {0.19f, 0.54f}, {0.17f, 0.56f}, {0.0f, 0.56f}};
      s = lathe(p, 48);
      break;
    }
    case Load::Cone: s = frustum(0.22f, 0.0f, 0.0f, 0.62f, 48); break;
    case Load::Torus: s = transformed(torus(0.2f, 0.09f, 48, 20), translate({0, 0, 0.09f})); break;
  }
  s.transform(scale(glm::vec3(kScale)));
  Asset a("load_" + std::string(load_name(l)));
  a.add(palette::kBlockLoad, s, crease_deg);
  return a;
}

Asset locomotive() {
  const float hl = kLocoHalfLength;
  Shape s = rounded_box({-hl, -0.62f, 0.0f}, {hl, 0.62f, 0.42f}, 0.05f, 2);
  s.append(
      transformed(cylinder(0.4f, 0.0f, 1.2f, 48), translate({-0.3f, 0, 0.8f}) * rotate_y(90.0f)));
  s.append(rounded_box({-hl, -0.62f, 0.42f}, {-0.25f, 0.62f, 1.45f}, 0.05f, 2));
  s.append(cylinder(0.15f, 1.0f, 1.6f, 32).transform(translate({0.6f, 0, 0})));
  s.transform(scale(glm::vec3(kScale)));
  Asset a("locomotive");
  a.add(palette::kLocoBlock, s, 40.0f);
  return a;
}

}  // namespace railyard::assetgen::blocks
