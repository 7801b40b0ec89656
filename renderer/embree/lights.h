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

struct LightSample {
  glm::vec3 direction;  // unit, world, towards the light
  glm::vec3 radiance;   // for a delta light: its irradiance
  float pdf = 0.0f;     // solid-angle density; 0 for a delta light
  // How far along `direction` the shadow ray must find nothing.
  float distance = std::numeric_limits<float>::infinity();
};

class SunLight {
 public:
  // Throws RendererError when a lit sun has no direction.
  explicit SunLight(const Sun& sun);

  bool lit() const { return lit_; }
  // A disc of zero angular radius is a delta light: only next-event estimation can reach it.
  bool delta() const { return cos_max_ >= 1.0f; }
  LightSample sample(glm::vec2 u) const;
  // Radiance along a direction (zero off the disc) and the density sample() gives it.
  glm::vec3 radiance(const glm::vec3& direction) const {
    return lit_ && !delta() && glm::dot(direction, frame_.n) >= cos_max_ ? radiance_
                                                                         : glm::vec3(0.0f);
  }
  float pdf() const { return pdf_; }
  const glm::vec3& direction() const { return frame_.n; }
  float cos_max() const { return cos_max_; }
  // On a surface facing the sun.
  glm::vec3 irradiance() const {
    return delta() ? radiance_ : radiance_ * (kPi * (1.0f - cos_max_ * cos_max_));
  }

 private:
  bool lit_ = false;
  LocalFrame frame_;
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
  LightSample sample(const LocalFrame& frame, glm::vec2 u) const;
  float pdf(const LocalFrame& frame, const glm::vec3& direction) const {
    return std::max(0.0f, glm::dot(direction, frame.n)) * kInvPi;
  }
  const Sky& sky() const { return sky_; }

 private:
  Sky sky_;
};

// Point lights; a vertex samples one of them, or the sun or the sky (light_selection.h).
class PointLights {
 public:
  // Throws RendererError for more than kMaxPointLights lamps (the scene's limit).
  explicit PointLights(const std::vector<PointLight>& lights);
  int count() const { return static_cast<int>(lights_.size()); }
  // Light from lamp `index` that lies `distance` away along the unit `direction`: a delta sample
  // (pdf 0). LightSelection::weights finds both.
  LightSample sample(int index, const glm::vec3& direction, float distance) const;
  const PointLight& light(int index) const { return lights_[static_cast<std::size_t>(index)]; }

 private:
  std::vector<PointLight> lights_;
};

}  // namespace railyard::render::embree
