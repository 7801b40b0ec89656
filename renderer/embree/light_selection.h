// Which light a path vertex samples. The path tracer picks one light for next-event estimation,
// as Cycles and pbrt do, with a probability that follows the light's expected contribution there:
// one shadow ray and one BSDF evaluation per vertex however many lamps the scene holds. The
// estimate ignores the BSDF and occlusion (both cost what the pick saves) but is never zero where
// the light can reach the surface, so the estimator stays unbiased. The pick's random number is
// stratified over a pixel's samples (path_samples.h), so a pixel's 64 samples pick each light
// about as often as its share says, and sunlit ground stays smooth.
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "renderer/embree/lights.h"

namespace railyard::render::embree {

// The light each lane picked, by index: 0 the sun, 1 the sky, 2 + k the point light k, -1 none
// (no light can reach the point). Indices are floats, so that lanes compare them in one register.
struct LightPick {
  static constexpr int kSun = 0, kSky = 1, kFirstLamp = 2;
  Floats light = -1.0f;
  Floats probability = 0.0f;
  Mask is(int index) const { return light == static_cast<float>(index); }
};

class LightSelection {
 public:
  static constexpr int kMaxLights = 2 + kMaxPointLights;

  // The lights must outlive the selection.
  LightSelection(const SunLight& sun, const SkyLight& sky, const PointLights& lamps);

  // Each light's unnormalised weight at surface points with unit normals `normal`; the sky only
  // when `with_sky`. Zero exactly where the light cannot light the point's front side.
  struct Weights {
    std::array<Floats, kMaxLights> of{};  // sun, sky, lamps
    Floats total = 0.0f;
    // Towards each lamp with weight: the unit direction and the distance, for its sample.
    std::array<Vec3s, kMaxPointLights> lamp_direction;
    std::array<Floats, kMaxPointLights> lamp_distance;
    Floats probability(int light) const {
      return select(total > 0.0f, of[static_cast<std::size_t>(light)] / total, Floats(0.0f));
    }
  };
  Weights weights(const Vec3s& point, const Vec3s& normal, bool with_sky) const;

  // One light drawn with probability proportional to its weight (u uniform in [0,1)).
  LightPick pick(const Weights& weights, const Floats& u) const;

 private:
  const SunLight& sun_;
  const PointLights& lamps_;
  float sun_irradiance_ = 0.0f;  // the sun's brightest channel on a surface facing it
  float sun_sin_radius_ = 0.0f;  // a disc lights surfaces tilted up to its radius past 90 degrees
  float sky_irradiance_ = 0.0f;  // the sky's brightest channel, times pi
};

}  // namespace railyard::render::embree
