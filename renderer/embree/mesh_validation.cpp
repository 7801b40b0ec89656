#include "renderer/embree/mesh_validation.h"

#include <cmath>
#include <string>

#include "renderer/renderer.h"

namespace railyard::render::embree {

void validate_mesh(const Mesh& mesh) {
  auto fail = [&](const std::string& why) {
    throw RendererError("mesh '" + mesh.name + "': " + why);
  };
  if (mesh.indices.size() % 3 != 0) {
    fail(std::to_string(mesh.indices.size()) + " indices is not a whole number of triangles");
  }
  if (!mesh.normals.empty() && mesh.normals.size() != mesh.positions.size()) {
    fail(std::to_string(mesh.normals.size()) + " normals for " +
         std::to_string(mesh.positions.size()) + " positions");
  }
  for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
    if (mesh.indices[i] >= mesh.positions.size()) {
      fail("index " + std::to_string(i) + " is " + std::to_string(mesh.indices[i]) +
           " but there are " + std::to_string(mesh.positions.size()) + " positions");
    }
  }
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const glm::vec3& p = mesh.positions[i];
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
      fail("position " + std::to_string(i) + " is not finite");
    }
  }
}

}  // namespace railyard::render::embree
