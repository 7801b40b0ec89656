#include "renderer/opengl/sky_irradiance.h"

#include <cmath>
#include <numbers>

#include "renderer/sky_radiance.h"

namespace railyard::render {
namespace {

// Integral over azimuth of max(0, a + b cos(phi)), b >= 0.
double clamped_cosine_ring(double a, double b) {
  if (a >= b) return 2.0 * std::numbers::pi * a;
  if (a <= -b) return 0.0;
  return 2.0 * (a * std::acos(-a / b) + std::sqrt(b * b - a * a));
}

using WeightTable = std::array<glm::dvec3, kSkyIrradianceSteps + 1>;

// The sky is linear in its zenith, horizon and ground colours, so the irradiance is too: these
// are the irradiances of the three unit-colour skies, integrated once per process.
WeightTable integrate_weights() {
  constexpr int kRings = 8192;  // slices in z = cos(polar angle); dw = dz dphi
  WeightTable table{};
  for (int i = 0; i <= kSkyIrradianceSteps; ++i) {
    double nz = -1.0 + 2.0 * i / kSkyIrradianceSteps;
    double ns = std::sqrt(std::max(0.0, 1.0 - nz * nz));
    glm::dvec3 sum(0.0);
    for (int k = 0; k < kRings; ++k) {
      double z = -1.0 + 2.0 * (k + 0.5) / kRings;
      double s = std::sqrt(1.0 - z * z);
      // n . w = nz z + ns s cos(phi) for w at azimuth phi from the normal's azimuth.
      double ring = clamped_cosine_ring(nz * z, ns * s);
      if (ring == 0.0) continue;
      glm::vec3 w = sky_weights(glm::vec3(static_cast<float>(s), 0.0f, static_cast<float>(z)));
      sum += glm::dvec3(w) * ring;
    }
    table[i] = sum * (2.0 / kRings);
  }
  return table;
}

}  // namespace

std::array<glm::vec3, kSkyIrradianceSteps + 1> sky_irradiance_table(const Sky& sky) {
  static const WeightTable weights = integrate_weights();
  std::array<glm::vec3, kSkyIrradianceSteps + 1> table;
  for (int i = 0; i <= kSkyIrradianceSteps; ++i) {
    glm::dvec3 w = weights[i];
    table[i] = glm::vec3(w.x * glm::dvec3(sky.zenith) + w.y * glm::dvec3(sky.horizon) +
                         w.z * glm::dvec3(sky.ground));
  }
  return table;
}

}  // namespace railyard::render
