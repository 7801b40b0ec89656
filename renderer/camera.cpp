#include "renderer/camera.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <string>

#include "renderer/renderer.h"

namespace railyard::render {

glm::mat4 Camera::world_to_camera() const {
  return glm::lookAt(position, look_at, up);
}

glm::mat4 Camera::camera_to_world() const {
  return glm::inverse(world_to_camera());
}

float Camera::focal_length_px() const {
  return lens_model().focal_length_px;
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

float Camera::vertical_fov() const {
  float half_width = 0.5f * static_cast<float>(width);
  return 2.0f * std::atan(0.5f * static_cast<float>(height) / half_width *
                          std::tan(glm::radians(fov_deg) * 0.5f));
}

glm::mat4 Camera::projection() const {
  float aspect = static_cast<float>(width) / static_cast<float>(height);
  return glm::perspective(vertical_fov(), aspect, near, far);
}

std::optional<glm::vec2> Camera::project(const glm::vec3& world) const {
  return lens_model().project(glm::vec3(world_to_camera() * glm::vec4(world, 1.0f)));
}

LensModel Camera::lens_model() const {
  return LensModel::of(lens, fov_deg, width, height);
}

std::optional<glm::vec3> Camera::ray_direction(const glm::vec2& pixel) const {
  std::optional<glm::vec3> dir_camera = lens_model().ray(pixel);
  if (!dir_camera) return std::nullopt;
  return glm::normalize(glm::mat3(camera_to_world()) * *dir_camera);
}

void validate_camera(const Camera& camera) {
  auto fail = [](const std::string& what) { throw RendererError("camera: " + what); };
  if (camera.width < 1 || camera.height < 1 || camera.width > 16384 || camera.height > 16384) {
    fail("image size " + std::to_string(camera.width) + "x" + std::to_string(camera.height) +
         " is outside 1..16384");
  }
  float widest = max_field_of_view_deg(camera.lens);
  if (!(camera.fov_deg > 0.0f) || camera.fov_deg >= widest) {
    fail("field of view " + std::to_string(camera.fov_deg) + " degrees is outside (0, " +
         std::to_string(static_cast<int>(widest)) + ") for the " +
         std::string(lens_name(camera.lens)) + " lens");
  }
  if (!(camera.near > 0.0f) || !(camera.far > camera.near)) {
    fail("near " + std::to_string(camera.near) + " and far " + std::to_string(camera.far) +
         " must satisfy 0 < near < far");
  }
  if (glm::length(camera.look_at - camera.position) <= 0.0f) fail("look_at equals position");
}

}  // namespace railyard::render
