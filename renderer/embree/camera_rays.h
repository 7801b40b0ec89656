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
  bool direction(const glm::vec2& pixel, glm::vec3& out) const {
    if (lens_.lens != Lens::Pinhole) return lens_direction(pixel, out);
    // Inline for the pinhole, the lens of nearly every frame: one per sample.
    glm::vec2 d = pixel - lens_.centre;
    out = glm::normalize(camera_to_world_ * glm::vec3(d.x, -d.y, -lens_.focal_length_px));
    return true;
  }
  // The ray parameter range that matches the raster backend's near and far clipping planes
  // (planes of constant camera depth for the pinhole; for the fisheyes, those of the cube face
  // the ray passes through).
  glm::vec2 clip_range(const glm::vec3& direction) const {
    if (lens_.lens != Lens::Pinhole) return cube_face_clip_range(direction);
    float units_per_depth = 1.0f / glm::dot(direction, forward_);  // > 0 for every pinhole ray
    return {near_ * units_per_depth, far_ * units_per_depth};
  }

 private:
  bool lens_direction(const glm::vec2& pixel, glm::vec3& out) const;
  glm::vec2 cube_face_clip_range(const glm::vec3& direction) const;

  glm::vec3 origin_;
  glm::mat3 camera_to_world_;
  glm::vec3 forward_;  // -Z of the camera in world space
  LensModel lens_;
  float near_, far_;
};

}  // namespace railyard::render::embree
