// The scene's lights as the path tracer sees them: the sun, a disc of uniform radiance in the sky
// (soft shadows come from sampling it), the sky dome of sky_radiance.h around everything, and the
// studio's point lights.
#pragma once

#include <algorithm>
#include <glm/glm.hpp>
#include <limits>
#include <vector>

#include "renderer/embree/sampling.h"
#include "renderer/scene.h"
#include "renderer/sky_radiance.h"

namespace railyard::render::embree {

// A next-event sample of a light in each lane.
struct LightSample {
  Vec3s direction;  // unit, world, towards the light
  Vec3s radiance;   // for a delta light: its irradiance
  Floats pdf;       // solid-angle density; 0 for a delta light
  // How far along `direction` the shadow ray must find nothing.
  Floats distance = std::numeric_limits<float>::infinity();
};

// `from` where `mask`, `into` elsewhere.
[[gnu::always_inline]] inline void select_into(const Mask& mask, const LightSample& from,
                                               LightSample& into) {
  into.direction = select(mask, from.direction, into.direction);
  into.radiance = select(mask, from.radiance, into.radiance);
  into.pdf = select(mask, from.pdf, into.pdf);
  into.distance = select(mask, from.distance, into.distance);
}

class SunLight {
 public:
  // Throws RendererError when a lit sun has no direction.
  explicit SunLight(const Sun& sun);

  bool lit() const { return lit_; }
  // A disc of zero angular radius is a delta light: only next-event estimation can reach it.
  bool delta() const { return cos_max_ >= 1.0f; }
  LightSample sample(const Vec2s& u) const;
  // Radiance along a direction (zero off the disc) and the density sample() gives it.
  glm::vec3 radiance(const glm::vec3& direction) const {
    return lit_ && !delta() && glm::dot(direction, direction_) >= cos_max_ ? radiance_
                                                                           : glm::vec3(0.0f);
  }
  float pdf() const { return pdf_; }
  const glm::vec3& direction() const { return direction_; }
  float cos_max() const { return cos_max_; }
  // On a surface facing the sun.
  glm::vec3 irradiance() const {
    return delta() ? radiance_ : radiance_ * (kPi * (1.0f - cos_max_ * cos_max_));
  }

 private:
  bool lit_ = false;
  glm::vec3 direction_;
  LocalFrame frame_;  // about direction_
  float cos_max_ = 1.0f;
  glm::vec3 radiance_{0.0f};  // the disc's radiance; the irradiance for a delta sun
  float pdf_ = 0.0f;
};

class SkyLight {
 public:
  explicit SkyLight(const Sky& sky) : sky_(sky) {}
  glm::vec3 radiance(const glm::vec3& direction) const { return sky_radiance(sky_, direction); }
  // Next-event samples follow the cosine about the normal: the sky is smooth, and the cosine is
  // what varies most across the hemisphere.
  LightSample sample(const LocalFrame& frame, const Vec2s& u) const;
  const Sky& sky() const { return sky_; }

 private:
  Sky sky_;
};

// scene.h's lamp_emission in lanes: the share of the lamp's intensity along `from_lamp`.
[[gnu::always_inline]] inline Floats lamp_emission(const PointLight& lamp, const Vec3s& from_lamp) {
  if (lamp.facing == glm::vec3(0.0f)) return 1.0f;
  return max(Floats(0.0f), dot(Vec3s(lamp.facing), from_lamp));
}

// Point lights; a vertex samples one of them, or the sun or the sky (light_selection.h).
class PointLights {
 public:
  // Throws RendererError for more than kMaxPointLights lamps (the scene's limit).
  explicit PointLights(const std::vector<PointLight>& lights);
  int count() const { return static_cast<int>(lights_.size()); }
  // Light from lamp `index` that lies `distance` away along the unit `direction`: a delta sample
  // (pdf 0). LightSelection::weights finds both.
  LightSample sample(int index, const Vec3s& direction, const Floats& distance) const;
  const PointLight& light(int index) const { return lights_[static_cast<std::size_t>(index)]; }

 private:
  std::vector<PointLight> lights_;
};

}  // namespace railyard::render::embree
