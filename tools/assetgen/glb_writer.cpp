#include "tools/assetgen/glb_writer.h"

#include <string>
#include <vector>

#include "util/atomic_file.h"
#include "util/gltf_scene.h"

namespace railyard::assetgen {
namespace {

glm::vec3 to_y_up(const glm::vec3& v) {
  return {v.x, v.z, -v.y};
}

std::vector<glm::vec3> to_y_up(const std::vector<glm::vec3>& vectors) {
  std::vector<glm::vec3> out;
  out.reserve(vectors.size());
  for (const glm::vec3& v : vectors) out.push_back(to_y_up(v));
  return out;
}

}  // namespace

// One mesh and one material per group, all on the root node named after the asset.
void write_glb(const Asset& asset, const std::filesystem::path& file) {
  const auto& groups = asset.groups();
  std::vector<std::vector<glm::vec3>> positions, normals;  // Y-up, alive until written
  positions.reserve(groups.size());
  normals.reserve(groups.size());
  gltf::Scene scene;
  scene.root.name = asset.name();
  for (unsigned i = 0; i < groups.size(); ++i) {
    const AssetMaterial& m = groups[i].material;
    const Surface& s = groups[i].surface;
    scene.materials.push_back({std::string(m.name), m.base_color, m.metallic, m.roughness});
    positions.push_back(to_y_up(s.positions));
    normals.push_back(to_y_up(s.normals));
    scene.meshes.push_back(
        {asset.name() + "/" + std::string(m.name), i, positions.back(), normals.back(), s.indices});
    scene.root.meshes.push_back(i);
  }
  write_file_atomically(file, gltf::export_glb(scene));
}

}  // namespace railyard::assetgen
