#include "scenes/framing.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace railyard {

float vlol_train_scale(int max_cars) {
  return max_cars > 4 ? 3.0f / static_cast<float>(max_cars + 2) : 0.5f;
}

bool fits_in_image(const render::Camera& camera, std::span<const glm::vec3> points,
                   const glm::vec3& origin, float scale, float margin_px) {
  float x1 = static_cast<float>(camera.width) - margin_px;
  float y1 = static_cast<float>(camera.height) - margin_px;
  for (const glm::vec3& p : points) {
    auto pixel = camera.project(origin + scale * p);
    if (!pixel || pixel->x < margin_px || pixel->y < margin_px || pixel->x > x1 || pixel->y > y1)
      return false;
  }
  return true;
}

float fit_scale(const render::Camera& camera, std::span<const glm::vec3> points,
                const glm::vec3& origin, float margin_px, float min_scale, float max_scale,
                int steps) {
  if (fits_in_image(camera, points, origin, max_scale, margin_px)) return max_scale;
  if (!fits_in_image(camera, points, origin, min_scale, margin_px)) return min_scale;
  float lo = min_scale, hi = max_scale;
  for (int i = 0; i < steps; ++i) {
    float mid = 0.5f * (lo + hi);
    (fits_in_image(camera, points, origin, mid, margin_px) ? lo : hi) = mid;
  }
  return lo;
}

namespace {

// Half the widest angle the camera sees off its axis: at the image's corners, for the pinhole
// and for radial lenses alike.
float widest_angle(const render::Camera& camera) {
  glm::vec3 axis = *camera.ray_direction({0.5f * camera.width, 0.5f * camera.height});
  float widest = 0.0f;
  for (glm::vec2 corner :
       {glm::vec2(0.0f), glm::vec2(camera.width, 0.0f), glm::vec2(0.0f, camera.height),
        glm::vec2(camera.width, camera.height)}) {
    std::optional<glm::vec3> ray = camera.ray_direction(corner);
    if (!ray) return std::numbers::pi_v<float>;  // a fisheye's corner past its circle
    widest = std::max(widest, std::acos(std::clamp(glm::dot(axis, *ray), -1.0f, 1.0f)));
  }
  return widest;
}

}  // namespace

bool may_be_visible(const render::Camera& camera, const glm::mat4& object_to_world,
                    const glm::vec3& lo, const glm::vec3& hi) {
  glm::mat4 to_camera = camera.world_to_camera() * object_to_world;
  std::array<glm::vec3, 8> corners;
  bool beyond_far = true;
  for (int c = 0; c < 8; ++c) {
    glm::vec3 p((c & 1) ? hi.x : lo.x, (c & 2) ? hi.y : lo.y, (c & 4) ? hi.z : lo.z);
    corners[c] = glm::vec3(to_camera * glm::vec4(p, 1.0f));
    beyond_far = beyond_far && glm::length(corners[c]) > camera.far;
  }
  if (beyond_far) return false;
  // Camera space looks down -Z: a point is in view when |x| <= -z * tx and |y| <= -z * ty. For
  // the pinhole these are the image's edges; another lens sees within its widest angle of the
  // axis, a cone that the pyramid with tx = ty = tan(widest) holds (none when it is 90 or more).
  float tx, ty;
  if (camera.lens == render::Lens::Pinhole) {
    float f = camera.focal_length_px();
    tx = 0.5f * static_cast<float>(camera.width) / f;
    ty = 0.5f * static_cast<float>(camera.height) / f;
  } else {
    float widest = widest_angle(camera);
    if (widest >= glm::radians(89.0f)) return true;
    tx = ty = std::tan(widest);
  }
  auto all = [&](auto outside) {
    for (const glm::vec3& p : corners)
      if (!outside(p)) return false;
    return true;
  };
  return !(all([&](const glm::vec3& p) { return p.z > -camera.near; }) ||
           all([&](const glm::vec3& p) { return p.x > -p.z * tx; }) ||
           all([&](const glm::vec3& p) { return p.x < p.z * tx; }) ||
           all([&](const glm::vec3& p) { return p.y > -p.z * ty; }) ||
           all([&](const glm::vec3& p) { return p.y < p.z * ty; }));
}

}  // namespace railyard
