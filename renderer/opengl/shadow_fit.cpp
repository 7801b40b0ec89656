#include "renderer/opengl/shadow_fit.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace railyard::render {

bool is_flat(const Bounds& world) {
  glm::vec3 size = world.max - world.min;
  float largest = std::max(size.x, std::max(size.y, size.z));
  float smallest = std::min(size.x, std::min(size.y, size.z));
  return smallest <= 0.01f * largest;
}

Bounds shadow_region(const Camera& camera) {
  float distance = kShadowDistanceOverFocus * glm::length(camera.look_at - camera.position);
  Bounds region;
  region.extend(camera.position);
  // Rays through a 5x5 grid of image points, edges included, cut at the shadow distance.
  constexpr int kSteps = 4;
  for (int i = 0; i <= kSteps; ++i)
    for (int j = 0; j <= kSteps; ++j) {
      glm::vec2 pixel(static_cast<float>(camera.width * i) / kSteps,
                      static_cast<float>(camera.height * j) / kSteps);
      if (auto ray = camera.ray_direction(pixel)) region.extend(camera.position + distance * *ray);
    }
  region.min -= glm::vec3(0.1f * distance);
  region.max += glm::vec3(0.1f * distance);
  return region;
}

namespace {

Bounds intersection(const Bounds& a, const Bounds& b) {
  Bounds out{glm::max(a.min, b.min), glm::min(a.max, b.max)};
  if (out.min.x > out.max.x || out.min.y > out.max.y || out.min.z > out.max.z) return Bounds{};
  return out;
}

}  // namespace

ShadowView fit_shadow_view(const std::vector<Bounds>& world_bounds, const glm::vec3& to_sun,
                           const Bounds& region) {
  Bounds casters, everything;
  for (const Bounds& whole : world_bounds) {
    Bounds b = intersection(whole, region);
    if (b.empty()) continue;
    everything.extend(b);
    if (!is_flat(whole)) casters.extend(b);
  }
  if (casters.empty()) casters = everything;
  if (casters.empty()) casters.extend(glm::vec3(0.0f));

  // A light frame looking down the sun's rays; `up` is any axis not parallel to them.
  glm::vec3 up = std::abs(to_sun.z) < 0.99f ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
  glm::vec3 centre = 0.5f * (casters.min + casters.max);
  glm::mat4 light_from_world = glm::lookAt(centre + to_sun, centre, up);
  Bounds light = transformed(casters, light_from_world);
  // Square, with a margin of a few percent so that filter taps at the edge stay inside.
  float half = 0.52f * std::max(light.max.x - light.min.x, light.max.y - light.min.y);
  half = std::max(half, 1e-3f);
  glm::vec2 mid = 0.5f * (glm::vec2(light.min) + glm::vec2(light.max));
  // Looking down -Z: near is the highest z (towards the sun), far the lowest; receivers below the
  // casters fall beyond the far plane and are clamped onto it (GL_DEPTH_CLAMP when drawing).
  float depth = std::max(light.max.z - light.min.z, 1e-3f);
  float near = -light.max.z - 0.01f * depth;
  float far = -light.min.z + 0.01f * depth;

  ShadowView view;
  view.width_m = 2.0f * half;
  view.depth_range_m = far - near;
  glm::mat4 projection =
      glm::orthoRH_ZO(mid.x - half, mid.x + half, mid.y - half, mid.y + half, near, far);
  view.clip_from_world = projection * light_from_world;
  glm::mat4 to_texture = glm::translate(glm::mat4(1.0f), glm::vec3(0.5f, 0.5f, 0.0f)) *
                         glm::scale(glm::mat4(1.0f), glm::vec3(0.5f, 0.5f, 1.0f));
  view.texture_from_world = to_texture * view.clip_from_world;
  return view;
}

}  // namespace railyard::render
