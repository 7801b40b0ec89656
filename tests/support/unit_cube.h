// A unit cube from (0,0,0) to (1,1,1), 12 triangles with outward corner normals and a red
// material: the smallest real mesh for the tests of scene exports.
#pragma once

#include <glm/glm.hpp>
#include <memory>

#include "renderer/scene.h"

namespace railyard::testing {

inline std::shared_ptr<render::Mesh> unit_cube() {
  auto mesh = std::make_shared<render::Mesh>();
  mesh->name = "cube";
  for (int i = 0; i < 8; ++i) {
    glm::vec3 p(i & 1, (i >> 1) & 1, (i >> 2) & 1);
    mesh->positions.push_back(p);
    mesh->normals.push_back(glm::normalize(p - 0.5f));
  }
  mesh->indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                   2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
  mesh->material.base_color = {0.8f, 0.1f, 0.1f};
  return mesh;
}

}  // namespace railyard::testing
