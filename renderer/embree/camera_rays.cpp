#include "renderer/embree/camera_rays.h"

#include <cmath>
#include <numbers>

namespace railyard::render::embree {

CameraRays::CameraRays(const Camera& camera)
    : origin_(camera.position),
      camera_to_world_(glm::mat3(camera.camera_to_world())),
      forward_(glm::normalize(camera_to_world_ * glm::vec3(0.0f, 0.0f, -1.0f))),
      centre_(0.5f * static_cast<float>(camera.width), 0.5f * static_cast<float>(camera.height)),
      focal_px_(camera.focal_length_px()),
      lens_(camera.lens),
      near_(camera.near),
      far_(camera.far) {}

bool CameraRays::direction(const glm::vec2& pixel, glm::vec3& out) const {
  glm::vec2 d = pixel - centre_;
  glm::vec3 dir_camera;
  if (lens_ == Lens::Pinhole) {
    dir_camera = glm::vec3(d.x, -d.y, -focal_px_);
  } else {
    float r = glm::length(d);
    float theta = r / focal_px_;
    if (theta > std::numbers::pi_v<float>) return false;
    glm::vec2 u = r > 0.0f ? d / r : glm::vec2(0.0f);
    dir_camera = glm::vec3(std::sin(theta) * u.x, -std::sin(theta) * u.y, -std::cos(theta));
  }
  out = glm::normalize(camera_to_world_ * dir_camera);
  return true;
}

glm::vec2 CameraRays::clip_range(const glm::vec3& direction) const {
  if (lens_ == Lens::Pinhole) {
    float depth_per_unit = glm::dot(direction, forward_);  // > 0 for every pinhole ray
    return {near_ / depth_per_unit, far_ / depth_per_unit};
  }
  return {near_, far_};
}

}  // namespace railyard::render::embree
