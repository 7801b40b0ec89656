// Radiance of render::Sky seen in a direction: a gradient from the horizon to the zenith, and the
// sky's ground colour below the horizon. Backends light with it and show it as the background;
// renderer/opengl/shaders/sky.glsl is the GLSL port of this file.
#pragma once

#include <cmath>
#include <glm/glm.hpp>

#include "renderer/scene.h"

namespace railyard::render {

// Weights of (zenith, horizon, ground) in the radiance towards a unit direction (Z up). The sky is
// linear in its three colours, which lets the raster backend tabulate its irradiance once.
inline glm::vec3 sky_weights(const glm::vec3& direction) {
  float z = direction.z;
  if (z >= 0.0f) {
    float t = std::sqrt(z);  // changes fastest near the horizon, where cameras see the sky
    return {t, 1.0f - t, 0.0f};
  }
  float g = std::min(1.0f, -z / 0.02f);  // a narrow blend, so the horizon is not a hard seam
  return {0.0f, 1.0f - g, g};
}

inline glm::vec3 sky_radiance(const Sky& sky, const glm::vec3& direction) {
  glm::vec3 w = sky_weights(direction);
  return w.x * sky.zenith + w.y * sky.horizon + w.z * sky.ground;
}

}  // namespace railyard::render
