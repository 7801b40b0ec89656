#include "renderer/lens.h"

#include <cmath>
#include <numbers>

namespace railyard::render {

float max_field_of_view_deg(Lens lens) {
  switch (lens) {
    case Lens::Pinhole: return 180.0f;
    case Lens::Equidistant: return 720.0f;  // the image may reach past the lens's circle
    case Lens::Equisolid: return 360.0f;    // r = 2f sin(theta/2) turns back beyond it
  }
  return 0.0f;
}

LensModel LensModel::of(Lens lens, float fov_deg, int width, int height) {
  float half_fov = glm::radians(fov_deg) * 0.5f;
  float half_width = 0.5f * static_cast<float>(width);
  float f = 1.0f;
  switch (lens) {
    case Lens::Pinhole: f = half_width / std::tan(half_fov); break;
    case Lens::Equidistant: f = half_width / half_fov; break;
    case Lens::Equisolid: f = half_width / (2.0f * std::sin(0.5f * half_fov)); break;
  }
  return {lens, f, {half_width, 0.5f * static_cast<float>(height)}};
}

std::optional<glm::vec2> LensModel::project(const glm::vec3& p) const {
  if (lens == Lens::Pinhole) {
    if (p.z >= 0.0f) return std::nullopt;
    return centre + glm::vec2(focal_length_px * p.x / -p.z, focal_length_px * -p.y / -p.z);
  }
  float radial = std::sqrt(p.x * p.x + p.y * p.y);
  if (radial == 0.0f) return centre;
  float theta = std::atan2(radial, -p.z);
  float r = lens == Lens::Equidistant ? focal_length_px * theta
                                      : 2.0f * focal_length_px * std::sin(0.5f * theta);
  return centre + glm::vec2(r * p.x / radial, r * -p.y / radial);
}

std::optional<glm::vec3> LensModel::ray(const glm::vec2& pixel) const {
  glm::vec2 d = pixel - centre;
  if (lens == Lens::Pinhole) return glm::vec3(d.x, -d.y, -focal_length_px);
  float r = glm::length(d);
  float theta = 0.0f;
  if (lens == Lens::Equidistant) {
    theta = r / focal_length_px;
  } else {
    float s = r / (2.0f * focal_length_px);
    if (s > 1.0f) return std::nullopt;
    theta = 2.0f * std::asin(s);
  }
  if (theta > std::numbers::pi_v<float>) return std::nullopt;
  glm::vec2 u = r > 0.0f ? d / r : glm::vec2(0.0f);
  return glm::vec3(std::sin(theta) * u.x, -std::sin(theta) * u.y, -std::cos(theta));
}

LensShaderConstants shader_constants(const LensModel& model) {
  return {static_cast<int>(model.lens), model.focal_length_px, model.centre};
}

}  // namespace railyard::render
