// Camera rays for the path tracer: Camera::ray_direction with the camera's frame computed once
// instead of per ray (the same formulas; a test holds them equal).
#pragma once

#include <glm/glm.hpp>

#include "renderer/camera.h"

namespace railyard::render::embree {

class CameraRays {
 public:
  explicit CameraRays(const Camera& camera);

  const glm::vec3& origin() const { return origin_; }
  // The unit world direction through a pixel coordinate (centres at +0.5), as
  // Camera::ray_direction; false where the fisheye sees nothing (more than 180 degrees
  // off-axis), which the raster backend shows black.
  bool direction(const glm::vec2& pixel, glm::vec3& out) const;
  // The ray parameter range that matches the raster backend's near and far clipping planes
  // (planes of constant camera depth for the pinhole; for the fisheyes, those of the cube face
  // the ray passes through).
  glm::vec2 clip_range(const glm::vec3& direction) const;

 private:
  glm::vec3 origin_;
  glm::mat3 camera_to_world_;
  glm::vec3 forward_;  // -Z of the camera in world space
  LensModel lens_;
  float near_, far_;
};

}  // namespace railyard::render::embree
