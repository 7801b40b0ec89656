#include "renderer/embree/specular_albedo.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "renderer/embree/microfacet.h"

namespace railyard::render::embree {
namespace {

constexpr int kCosines = SpecularAlbedo::kCosines;
constexpr int kRoughness = 32;  // roughness from kMinRoughness to 1
constexpr float kMinRoughness = 0.045f;
constexpr int kStrata = 32;  // kStrata^2 visible-normal samples per entry

float cosine_at(int i) {
  return std::max(1e-3f, static_cast<float>(i) / (kCosines - 1));
}
float roughness_at(int j) {
  return kMinRoughness + (1.0f - kMinRoughness) * static_cast<float>(j) / (kRoughness - 1);
}

// E = integral of F D V cos over the lobe, by stratified visible-normal sampling, whose weight
// F G2 / G1 makes it a plain average. Split by Schlick: F = F0 (1 - m^5) + m^5, m = 1 - v.h.
// Four strata of a row at a time, in lanes; added up in the strata's order.
glm::vec2 integrate(float n_dot_v, float roughness) {
  static_assert(kStrata % kLanes == 0);
  float alpha = roughness * roughness;
  Vec3s v(glm::vec3(std::sqrt(1.0f - n_dot_v * n_dot_v), 0.0f, n_dot_v));
  Floats lane_offset([](int i) { return static_cast<float>(i); });
  glm::vec2 sum(0.0f);
  for (int a = 0; a < kStrata; ++a) {
    for (int b = 0; b < kStrata; b += kLanes) {
      Vec2s u{Floats((a + 0.5f) / kStrata), (b + lane_offset + 0.5f) / kStrata};
      Vec3s h = sample_visible_normal(v, Floats(alpha), u);
      Vec3s l = reflect(-v, h);
      Floats v_dot_h = max(Floats(0.0f), dot(v, h));
      Floats weight = smith_visibility(v.z, l.z, alpha) * 4.0f * l.z * v.z / smith_g1(v.z, alpha);
      Floats m = 1.0f - v_dot_h;
      Floats m5 = m * m * m * m * m;
      for (int i = 0; i < kLanes; ++i) {
        if (l.z[i] > 0.0f) sum += static_cast<float>(weight[i]) * glm::vec2(1.0f - m5[i], m5[i]);
      }
    }
  }
  return sum / static_cast<float>(kStrata * kStrata);
}

struct Table {
  std::array<glm::vec2, kCosines * kRoughness> entries;
  Table() {
    for (int j = 0; j < kRoughness; ++j) {
      for (int i = 0; i < kCosines; ++i)
        entries[j * kCosines + i] = integrate(cosine_at(i), roughness_at(j));
    }
  }
  glm::vec2 at(int i, int j) const { return entries[j * kCosines + i]; }
};

}  // namespace

SpecularAlbedo::SpecularAlbedo(float roughness) {
  static const Table table;  // built once, on first use (thread-safe initialisation)
  float y = (std::clamp(roughness, kMinRoughness, 1.0f) - kMinRoughness) / (1.0f - kMinRoughness) *
            (kRoughness - 1);
  int j = std::min(static_cast<int>(y), kRoughness - 2);
  float fy = y - static_cast<float>(j);
  for (int i = 0; i < kCosines; ++i) column_[i] = glm::mix(table.at(i, j), table.at(i, j + 1), fy);
}

}  // namespace railyard::render::embree
