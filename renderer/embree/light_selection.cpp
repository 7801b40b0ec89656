#include "renderer/embree/light_selection.h"

#include <algorithm>
#include <cmath>

namespace railyard::render::embree {
namespace {

float max_component(const glm::vec3& c) {  // of a colour
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

LightSelection::Weights LightSelection::weights(const Vec3s& point, const Vec3s& normal,
                                                bool with_sky) const {
  Weights w;
  if (sun_.lit()) {
    Floats cosine = dot(normal, Vec3s(sun_.direction())) + sun_sin_radius_;
    w.of[0] = sun_irradiance_ * max(Floats(0.0f), cosine);
  }
  if (with_sky) w.of[1] = sky_irradiance_;
  for (int k = 0; k < lamps_.count(); ++k) {
    const PointLight& lamp = lamps_.light(k);
    auto lamp_index = static_cast<std::size_t>(k);
    Vec3s to_lamp = Vec3s(lamp.position) - point;
    Floats distance2 = dot(to_lamp, to_lamp);
    Floats distance = stdx::sqrt(distance2);
    Vec3s unit = to_lamp / distance;
    Floats cosine = dot(normal, unit);
    Mask reaches = distance2 > 1e-8f && cosine > 0.0f;
    w.of[2 + lamp_index] = select(
        reaches, max_component(lamp.intensity) * lamp_emission(lamp, -unit) * cosine / distance2,
        Floats(0.0f));
    w.lamp_direction[lamp_index] = unit;
    w.lamp_distance[lamp_index] = distance;
  }
  for (const Floats& x : w.of) w.total += x;
  return w;
}

LightPick LightSelection::pick(const Weights& weights, const Floats& u) const {
  LightPick pick;
  Floats target = u * weights.total;
  Floats chosen_weight = 0.0f;
  Mask done = !(weights.total > 0.0f);
  for (int i = 0; i < kMaxLights; ++i) {
    const Floats& weight = weights.of[static_cast<std::size_t>(i)];
    // The last light with weight catches rounding at the top end.
    Mask candidate = !done && weight > 0.0f;
    pick.light = select(candidate, Floats(static_cast<float>(i)), pick.light);
    chosen_weight = select(candidate, weight, chosen_weight);
    done = done || (candidate && target < weight);
    target = select(candidate, target - weight, target);
  }
  pick.probability = select(pick.light >= 0.0f, chosen_weight / weights.total, Floats(0.0f));
  return pick;
}

}  // namespace railyard::render::embree
