#include "renderer/opengl/cube_faces.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <numbers>

namespace railyard::render {
namespace {

int major_face(const glm::vec3& d, int skip = -1) {
  int best = -1;
  float best_value = -1.0f;
  for (int axis = 0; axis < 3; ++axis) {
    int face = 2 * axis + (d[axis] < 0.0f ? 1 : 0);
    if (face == skip) continue;
    float value = std::abs(d[axis]);
    if (value > best_value) {
      best_value = value;
      best = face;
    }
  }
  return best;
}

}  // namespace

glm::mat4 cube_face_from_camera(int face) {
  // Targets and up vectors of the cube-map convention (faces are seen from inside the cube).
  static const glm::vec3 kTarget[6] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                       {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
  static const glm::vec3 kUp[6] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1},
                                   {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};
  return glm::lookAt(glm::vec3(0.0f), kTarget[face], kUp[face]);
}

std::array<bool, 6> cube_faces_seen(const Camera& camera) {
  std::array<bool, 6> seen{};
  const LensModel lens = camera.lens_model();
  for (int y = 0; y < camera.height; ++y) {
    for (int x = 0; x < camera.width; ++x) {
      // In camera space: the faces depend on no pose.
      std::optional<glm::vec3> ray = lens.ray({x + 0.5f, y + 0.5f});
      if (!ray) continue;
      const glm::vec3& d = *ray;
      int face = major_face(d);
      seen[face] = true;
      // Near a face's edge, filtering reaches into the neighbouring face.
      int second = major_face(d, face);
      if (std::abs(d[second / 2]) > 0.97f * std::abs(d[face / 2])) seen[second] = true;
    }
  }
  return seen;
}

int cube_face_size(const Camera& camera) {
  return static_cast<int>(std::ceil(2.0f * camera.focal_length_px()));
}

}  // namespace railyard::render
