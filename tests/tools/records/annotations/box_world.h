// Test scenes made of axis-aligned boxes, and a tiny ray caster that renders their part ids and
// depth through Camera::ray_direction, so tests get Frames consistent with the geometry for both
// lens models without any renderer backend.
#pragma once

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "renderer/renderer.h"
#include "renderer/scene.h"

namespace railyard::render::testing {

// The unit cube [0,1]^3 sampled by an n x n grid of vertices on each face (positions only; the
// annotations never read triangles).
inline std::shared_ptr<const Mesh> GridCube(int n) {
  auto mesh = std::make_shared<Mesh>();
  mesh->name = "grid_cube";
  for (int axis = 0; axis < 3; ++axis)
    for (float side : {0.0f, 1.0f})
      for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) {
          glm::vec3 p;
          p[axis] = side;
          p[(axis + 1) % 3] = static_cast<float>(i) / n;
          p[(axis + 2) % 3] = static_cast<float>(j) / n;
          mesh->positions.push_back(p);
        }
  return mesh;
}

struct Box {
  glm::vec3 min, max;
  std::uint32_t part;
};

inline Instance BoxInstance(const std::shared_ptr<const Mesh>& cube, const Box& box) {
  Instance instance;
  instance.mesh = cube;
  instance.object_to_world =
      glm::scale(glm::translate(glm::mat4(1.0f), box.min), box.max - box.min);
  instance.part = box.part;
  return instance;
}

// Distance along the ray to the box, or infinity.
inline float HitDistance(const glm::vec3& origin, const glm::vec3& dir, const Box& box) {
  float t0 = 0.0f, t1 = std::numeric_limits<float>::infinity();
  for (int a = 0; a < 3; ++a) {
    float inv = 1.0f / dir[a];
    float near = (box.min[a] - origin[a]) * inv, far = (box.max[a] - origin[a]) * inv;
    if (near > far) std::swap(near, far);
    t0 = std::max(t0, near);
    t1 = std::min(t1, far);
  }
  return t0 <= t1 ? t0 : std::numeric_limits<float>::infinity();
}

// Samples each pixel centre: the nearest box's part, and its distance (kNoDepth for none).
inline Frame RayCast(const Camera& camera, const std::vector<Box>& boxes) {
  Frame frame;
  frame.color = Image<Rgb8>(camera.width, camera.height);
  frame.part_ids = Image<std::uint32_t>(camera.width, camera.height, 0);
  frame.depth = Image<float>(camera.width, camera.height, kNoDepth);
  for (int y = 0; y < camera.height; ++y)
    for (int x = 0; x < camera.width; ++x) {
      std::optional<glm::vec3> dir = camera.ray_direction({x + 0.5f, y + 0.5f});
      if (!dir) continue;  // outside a fisheye's circle
      for (const Box& box : boxes) {
        float t = HitDistance(camera.position, *dir, box);
        if (t < frame.depth.at(x, y)) {
          frame.depth.at(x, y) = t;
          frame.part_ids.at(x, y) = box.part;
        }
      }
    }
  return frame;
}

}  // namespace railyard::render::testing
