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

 private:
  Sky sky_;
};

// Point lights. Every lamp is sampled at every path vertex rather than one picked at random: a
// picked lamp's sample carries `count` times its light, and the view transform, which clips each
// sample before the pixel averages them (tone.h), would cut those peaks off and leave a lamp's pool
// of light on the floor darker than its mean, and darker than the raster draws it.
class PointLights {
 public:
  // Throws RendererError for more than kMaxPointLights lamps (the scene's limit).
  explicit PointLights(const std::vector<PointLight>& lights);
  int count() const { return static_cast<int>(lights_.size()); }
  // Light at `from` from lamp `index`: a delta sample (pdf 0).
  LightSample sample(const glm::vec3& from, int index) const;

 private:
  std::vector<PointLight> lights_;
};

}  // namespace railyard::render::embree
