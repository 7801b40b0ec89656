// Which light a path vertex samples. Past the first vertex, the path tracer picks one light for
// next-event estimation, as Cycles and pbrt do, with a probability that follows the light's
// expected contribution there: one shadow ray and one BSDF evaluation per vertex however many
// lamps the scene holds. The estimate ignores the BSDF and occlusion (both cost what the pick
// saves) but is never zero where the light can reach the surface, so the estimator stays
// unbiased. (The first vertex, which the camera sees, samples every light that matters there: a
// pick shows as grain on sunlit ground; see integrator.cpp.)
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "renderer/embree/lights.h"

namespace railyard::render::embree {

// The candidates by index: 0 the sun, 1 the sky, 2 + k the point light k.
struct LightPick {
  static constexpr int kSun = 0, kSky = 1, kFirstLamp = 2;
  int light = -1;  // -1: none (no light can reach the point)
  float probability = 0.0f;
};

class LightSelection {
 public:
  static constexpr int kMaxLights = 2 + kMaxPointLights;

  // The lights must outlive the selection.
  LightSelection(const SunLight& sun, const SkyLight& sky, const PointLights& lamps);

  // Each light's unnormalised weight at a surface point with unit normal `normal`; the sky only
  // when `with_sky`. Zero exactly where the light cannot light the point's front side.
  struct Weights {
    std::array<float, kMaxLights> of{};  // sun, sky, lamps
    float total = 0.0f;
    float probability(int light) const { return total > 0.0f ? of[light] / total : 0.0f; }
  };
  Weights weights(const glm::vec3& point, const glm::vec3& normal, bool with_sky) const;

  // One light drawn with probability proportional to its weight (u uniform in [0,1)).
  LightPick pick(const Weights& weights, float u) const;

  // The lights that carry at least `share` of the total weight, to be sampled every time, and the
  // weights of the others, from which one is picked.
  struct Split {
    std::array<bool, kMaxLights> always{};
    Weights rest;
  };
  static Split split(const Weights& weights, float share);

 private:
  const SunLight& sun_;
  const PointLights& lamps_;
  float sun_irradiance_ = 0.0f;  // the sun's brightest channel on a surface facing it
  float sun_sin_radius_ = 0.0f;  // a disc lights surfaces tilted up to its radius past 90 degrees
  float sky_irradiance_ = 0.0f;  // the sky's brightest channel, times pi
};

}  // namespace railyard::render::embree
