#include "renderer/embree/light_selection.h"

#include <algorithm>
#include <cmath>

namespace railyard::render::embree {
namespace {

float max_component(const glm::vec3& c) {
  return std::max(c.r, std::max(c.g, c.b));
}

}  // namespace

LightSelection::LightSelection(const SunLight& sun, const SkyLight& sky, const PointLights& lamps)
    : sun_(sun), lamps_(lamps) {
  if (sun.lit()) {
    sun_irradiance_ = max_component(sun.irradiance());
    sun_sin_radius_ = std::sqrt(std::max(0.0f, 1.0f - sun.cos_max() * sun.cos_max()));
  }
  // Irradiance under a uniform sky of radiance L is pi L: the brightest of the gradient's three
  // colours bounds it from above whatever the surface's tilt.
  const Sky& s = sky.sky();
  sky_irradiance_ = kPi * std::max(max_component(s.zenith),
                                   std::max(max_component(s.horizon), max_component(s.ground)));
}

LightSelection::Weights LightSelection::weights(const glm::vec3& point, const glm::vec3& normal,
                                                bool with_sky) const {
  Weights w;
  if (sun_.lit()) {
    float cosine = glm::dot(normal, sun_.direction()) + sun_sin_radius_;
    w.of[0] = sun_irradiance_ * std::max(0.0f, cosine);
  }
  if (with_sky) w.of[1] = sky_irradiance_;
  for (int k = 0; k < lamps_.count(); ++k) {
    const PointLight& lamp = lamps_.light(k);
    glm::vec3 to_lamp = lamp.position - point;
    float distance2 = glm::dot(to_lamp, to_lamp);
    if (!(distance2 > 1e-8f)) continue;
    float distance = std::sqrt(distance2);
    glm::vec3 unit = to_lamp / distance;
    float cosine = glm::dot(normal, unit);
    if (cosine <= 0.0f) continue;
    w.of[2 + k] = max_component(lamp.intensity) * lamp_emission(lamp, -unit) * cosine / distance2;
    w.lamp_direction[k] = unit;
    w.lamp_distance[k] = distance;
  }
  for (float x : w.of) w.total += x;
  return w;
}

LightPick LightSelection::pick(const Weights& weights, float u) const {
  if (!(weights.total > 0.0f)) return {};
  float target = u * weights.total;
  int chosen = -1;
  for (int i = 0; i < kMaxLights; ++i) {
    if (weights.of[i] <= 0.0f) continue;
    chosen = i;  // the last light with weight catches rounding at the top end
    if (target < weights.of[i]) break;
    target -= weights.of[i];
  }
  return {chosen, weights.probability(chosen)};
}

}  // namespace railyard::render::embree
