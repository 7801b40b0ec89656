#include "renderer/embree/camera_rays.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace railyard::render::embree {

CameraRays::CameraRays(const Camera& camera)
    : origin_(camera.position),
      camera_to_world_(glm::mat3(camera.camera_to_world())),
      forward_(glm::normalize(camera_to_world_ * glm::vec3(0.0f, 0.0f, -1.0f))),
      lens_(camera.lens_model()),
      near_(camera.near),
      far_(camera.far) {}

bool CameraRays::lens_direction(const glm::vec2& pixel, glm::vec3& out) const {
  std::optional<glm::vec3> dir_camera = lens_.ray(pixel);
  if (!dir_camera) return false;
  out = glm::normalize(camera_to_world_ * *dir_camera);
  return true;
}

glm::vec2 CameraRays::cube_face_clip_range(const glm::vec3& direction) const {
  // The raster clips each cube face at planes of constant depth along the face's axis: the
  // camera-space axis the ray leans on most.
  glm::vec3 d = glm::transpose(camera_to_world_) * direction;
  float depth_per_unit = std::max({std::abs(d.x), std::abs(d.y), std::abs(d.z)});
  return {near_ / depth_per_unit, far_ / depth_per_unit};
}

}  // namespace railyard::render::embree
