#include "tools/lib/records/formats/scene_glb.h"

#include <map>
#include <set>
#include <span>
#include <stdexcept>
#include <utility>

#include "tools/lib/records/formats/glb_file.h"
#include "tools/lib/records/formats/gltf_camera_lights.h"
#include "tools/lib/records/formats/gltf_scene_extras.h"
#include "util/gltf_scene.h"

namespace railyard {
namespace {

// (x, y, z) Z-up to (x, z, -y) Y-up, the inverse of what Blender's glTF importer applies (glm is
// column-major: the columns are the images of x, y and z).
const glm::mat4 kZUpToYUp{1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1};

// The nodes after the instances', in order: names and poses (gltf_scene_extras.h adds what they
// hold).
std::vector<std::pair<std::string, glm::mat4>> camera_and_light_nodes(const render::Scene& scene) {
  std::vector<std::pair<std::string, glm::mat4>> nodes = {
      {"camera", gltf_camera_pose(scene.camera)}, {"sun", gltf_sun_pose(scene.sun)}};
  for (std::size_t k = 0; k < scene.point_lights.size(); ++k)
    nodes.emplace_back("lamp" + std::to_string(k), gltf_lamp_pose(scene.point_lights[k]));
  return nodes;
}

// Every node's name in the file's order (root first), refusing what Assimp would rename.
std::vector<std::string> node_names(const render::Scene& scene, const SceneGlbContent& content) {
  std::vector<std::string> names = {"railyard_scene"};
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const std::string& name = content.instances.empty()
                                  ? scene.instances[i].mesh->name + "." + std::to_string(i)
                                  : content.instances[i].name;
    if (name.empty() || name.find('#') != std::string::npos)
      throw std::invalid_argument("glb: node name '" + name + "' is empty or holds a '#'");
    names.push_back(name);
  }
  if (content.camera_and_lights)
    for (const auto& [name, pose] : camera_and_light_nodes(scene)) names.push_back(name);
  std::set<std::string> seen;
  for (const std::string& name : names)
    if (!seen.insert(name).second)
      throw std::invalid_argument("glb: two nodes are named '" + name + "'");
  return names;
}

// One glTF mesh per (mesh, material) pair, shared by every instance showing that pair, so the
// glTF instances geometry as our scene does. Its name carries a '#', which no node name the
// callers give does, so Assimp (whose ids share one namespace) never renames a node for a mesh.
// Object-space geometry, untouched: the nodes above it place it and turn it Y-up. An instance
// without triangles is a node without a mesh.
gltf::Scene gltf_scene(const render::Scene& scene, const std::vector<std::string>& names,
                       bool camera_and_lights) {
  GltfMaterials table = gltf_materials(scene);
  gltf::Scene out;
  for (std::size_t i = 0; i < table.materials.size(); ++i) {
    const render::Material& m = table.materials[i];
    out.materials.push_back({gltf_material_name(i), m.base_color, m.metallic, m.roughness});
  }
  out.root = {names[0], kZUpToYUp, {}, {}};
  std::map<std::pair<const render::Mesh*, unsigned>, unsigned> mesh_index;
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const render::Instance& instance = scene.instances[i];
    gltf::Node& node =
        out.root.children.emplace_back(gltf::Node{names[1 + i], instance.object_to_world, {}, {}});
    const render::Mesh& mesh = *instance.mesh;
    if (mesh.indices.empty()) continue;
    auto key = std::make_pair(&mesh, table.of_instance[i]);
    auto [it, added] = mesh_index.try_emplace(key, static_cast<unsigned>(out.meshes.size()));
    if (added) {
      bool normals = mesh.normals.size() == mesh.positions.size();  // else none
      out.meshes.push_back(
          {mesh.name + "#" + std::to_string(key.second), key.second, mesh.positions,
           normals ? std::span(mesh.normals) : std::span<const glm::vec3>(), mesh.indices});
    }
    node.meshes.push_back(it->second);
  }
  if (camera_and_lights)
    for (const auto& [name, pose] : camera_and_light_nodes(scene))
      out.root.children.push_back({name, pose, {}, {}});
  return out;
}

}  // namespace

GltfMaterials gltf_materials(const render::Scene& scene) {
  GltfMaterials table;
  for (const render::Instance& instance : scene.instances) {
    const render::Material& m = instance.surface_material();
    unsigned index = 0;
    while (index < table.materials.size() && table.materials[index] != m) ++index;
    if (index == table.materials.size()) table.materials.push_back(m);
    table.of_instance.push_back(index);
  }
  return table;
}

std::string gltf_material_name(std::size_t index) {
  return "railyard_material_" + std::to_string(index);
}

std::vector<std::uint8_t> scene_glb(const render::Scene& scene, const SceneGlbContent& content) {
  if (!content.instances.empty() && content.instances.size() != scene.instances.size())
    throw std::invalid_argument("glb: " + std::to_string(content.instances.size()) +
                                " nodes named for " + std::to_string(scene.instances.size()) +
                                " instances");
  std::vector<std::string> names = node_names(scene, content);
  Glb glb = parse_glb(gltf::export_glb(gltf_scene(scene, names, content.camera_and_lights)));
  add_gltf_extras(glb.json, scene, content, names);
  return glb_bytes(glb);
}

}  // namespace railyard
