#include "renderer/camera.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace railyard::render {

glm::mat4 Camera::world_to_camera() const {
  return glm::lookAt(position, look_at, up);
}

glm::mat4 Camera::camera_to_world() const {
  return glm::inverse(world_to_camera());
}

float Camera::focal_length_px() const {
  float half_fov = glm::radians(fov_deg) * 0.5f;
  float half_width = 0.5f * static_cast<float>(width);
  return lens == Lens::Pinhole ? half_width / std::tan(half_fov) : half_width / half_fov;
}

glm::mat3 Camera::intrinsics() const {
  float f = focal_length_px();
  glm::mat3 k(1.0f);
  k[0][0] = f;
  k[1][1] = f;
  k[2][0] = 0.5f * static_cast<float>(width);
  k[2][1] = 0.5f * static_cast<float>(height);
  return k;
}

glm::mat4 Camera::projection() const {
  float aspect = static_cast<float>(width) / static_cast<float>(height);
  float half_width = 0.5f * static_cast<float>(width);
  float vertical_fov = 2.0f * std::atan(0.5f * static_cast<float>(height) / half_width *
                                        std::tan(glm::radians(fov_deg) * 0.5f));
  return glm::perspective(vertical_fov, aspect, near, far);
}

std::optional<glm::vec2> Camera::project(const glm::vec3& world) const {
  return lens_projection()(glm::vec3(world_to_camera() * glm::vec4(world, 1.0f)));
}

Camera::LensProjection Camera::lens_projection() const {
  glm::vec2 centre(0.5f * static_cast<float>(width), 0.5f * static_cast<float>(height));
  return {lens, focal_length_px(), centre};
}

glm::vec3 Camera::ray_direction(const glm::vec2& pixel) const {
  glm::vec2 centre(0.5f * static_cast<float>(width), 0.5f * static_cast<float>(height));
  glm::vec2 d = pixel - centre;
  float f = focal_length_px();
  glm::vec3 dir_camera;
  if (lens == Lens::Pinhole) {
    dir_camera = glm::vec3(d.x, -d.y, -f);
  } else {
    float r = glm::length(d);
    float theta = r / f;
    glm::vec2 u = r > 0.0f ? d / r : glm::vec2(0.0f);
    dir_camera = glm::vec3(std::sin(theta) * u.x, -std::sin(theta) * u.y, -std::cos(theta));
  }
  return glm::normalize(glm::mat3(camera_to_world()) * dir_camera);
}

}  // namespace railyard::render
