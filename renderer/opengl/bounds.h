// Axis-aligned boxes for culling instances against view volumes and fitting the shadow map.
#pragma once

#include <algorithm>
#include <array>
#include <glm/glm.hpp>
#include <limits>

namespace railyard::render {

struct Bounds {
  glm::vec3 min{std::numeric_limits<float>::infinity()};
  glm::vec3 max{-std::numeric_limits<float>::infinity()};

  bool empty() const { return min.x > max.x; }
  void extend(const glm::vec3& p) {
    min = glm::min(min, p);
    max = glm::max(max, p);
  }
  void extend(const Bounds& b) {
    min = glm::min(min, b.min);
    max = glm::max(max, b.max);
  }
  std::array<glm::vec3, 8> corners() const {
    std::array<glm::vec3, 8> c;
    for (int i = 0; i < 8; ++i) {
      c[i] = {(i & 1) ? max.x : min.x, (i & 2) ? max.y : min.y, (i & 4) ? max.z : min.z};
    }
    return c;
  }
};

// The box around a transformed box.
inline Bounds transformed(const Bounds& b, const glm::mat4& m) {
  Bounds out;
  if (b.empty()) return out;
  for (const glm::vec3& c : b.corners()) out.extend(glm::vec3(m * glm::vec4(c, 1.0f)));
  return out;
}

// True when the box lies wholly outside one plane of the clip volume (-w <= x, y <= w and, with
// depth planes, 0 <= z <= w as under glClipControl(GL_ZERO_TO_ONE)). Conservative: it never
// culls what is seen.
inline bool outside_clip_volume(const Bounds& world, const glm::mat4& clip_from_world,
                                bool depth_planes = true) {
  if (world.empty()) return true;
  std::array<glm::vec4, 8> clip;
  auto corners = world.corners();
  for (int i = 0; i < 8; ++i) clip[i] = clip_from_world * glm::vec4(corners[i], 1.0f);
  auto all = [&](auto outside) { return std::all_of(clip.begin(), clip.end(), outside); };
  return all([](const glm::vec4& c) { return c.x < -c.w; }) ||
         all([](const glm::vec4& c) { return c.x > c.w; }) ||
         all([](const glm::vec4& c) { return c.y < -c.w; }) ||
         all([](const glm::vec4& c) { return c.y > c.w; }) ||
         (depth_planes && (all([](const glm::vec4& c) { return c.z < 0.0f; }) ||
                           all([](const glm::vec4& c) { return c.z > c.w; })));
}

}  // namespace railyard::render
