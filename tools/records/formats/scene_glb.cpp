#include "tools/records/formats/scene_glb.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <utility>

#include "tools/records/formats/glb_file.h"
#include "tools/records/formats/gltf_camera_lights.h"
#include "tools/records/formats/gltf_scene_extras.h"

namespace railyard {
namespace {

aiMaterial* make_material(const render::Material& m, const std::string& name) {
  auto* out = new aiMaterial();
  aiString ai_name(name);
  out->AddProperty(&ai_name, AI_MATKEY_NAME);
  aiColor4D base(m.base_color.r, m.base_color.g, m.base_color.b, 1.0f);
  out->AddProperty(&base, 1, AI_MATKEY_BASE_COLOR);
  out->AddProperty(&m.metallic, 1, AI_MATKEY_METALLIC_FACTOR);
  out->AddProperty(&m.roughness, 1, AI_MATKEY_ROUGHNESS_FACTOR);
  return out;
}

aiVector3D to_ai(const glm::vec3& v) {
  return {v.x, v.y, v.z};
}

// Object-space geometry, untouched: the nodes above it place it and turn it Y-up. The name
// carries a '#', which no node name the callers give does, so Assimp (whose ids share one
// namespace) never renames a node for a mesh.
aiMesh* make_mesh(const render::Mesh& source, unsigned material) {
  auto* mesh = new aiMesh();
  mesh->mName = aiString(source.name + "#" + std::to_string(material));
  mesh->mMaterialIndex = material;
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  mesh->mNumVertices = static_cast<unsigned>(source.positions.size());
  mesh->mVertices = new aiVector3D[mesh->mNumVertices];
  bool normals = source.normals.size() == source.positions.size();
  if (normals) mesh->mNormals = new aiVector3D[mesh->mNumVertices];
  for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
    mesh->mVertices[i] = to_ai(source.positions[i]);
    if (normals) mesh->mNormals[i] = to_ai(source.normals[i]);
  }
  mesh->mNumFaces = static_cast<unsigned>(source.indices.size() / 3);
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    mesh->mFaces[f].mNumIndices = 3;
    mesh->mFaces[f].mIndices = new unsigned[3];
    for (unsigned k = 0; k < 3; ++k) mesh->mFaces[f].mIndices[k] = source.indices[3 * f + k];
  }
  return mesh;
}

// glm is column-major, aiMatrix4x4 row-major.
aiMatrix4x4 to_ai(const glm::mat4& m) {
  return {m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1],
          m[0][2], m[1][2], m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]};
}

// (x, y, z) Z-up to (x, z, -y) Y-up, the inverse of what Blender's glTF importer applies.
aiMatrix4x4 z_up_to_y_up() {
  return {1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1};
}

template <typename T>
T** new_array(const std::vector<T*>& items) {
  auto** out = new T*[items.size()];
  for (std::size_t i = 0; i < items.size(); ++i) out[i] = items[i];
  return out;
}

aiNode* placed_node(const std::string& name, const glm::mat4& to_world) {
  auto* node = new aiNode(name);
  node->mTransformation = to_ai(to_world);
  return node;
}

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

// One aiMesh per (mesh, material) pair, shared by every instance showing that pair, so the glTF
// instances geometry as our scene does. An instance without triangles is a node without a mesh.
std::unique_ptr<aiScene> build_ai_scene(const render::Scene& scene,
                                        const std::vector<std::string>& names,
                                        bool camera_and_lights) {
  GltfMaterials table = gltf_materials(scene);
  auto out = std::make_unique<aiScene>();
  std::vector<aiMaterial*> materials;
  for (std::size_t i = 0; i < table.materials.size(); ++i)
    materials.push_back(make_material(table.materials[i], gltf_material_name(i)));
  std::vector<aiMesh*> meshes;
  std::vector<aiNode*> nodes;
  std::map<std::pair<const render::Mesh*, unsigned>, unsigned> mesh_index;
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const render::Instance& instance = scene.instances[i];
    aiNode* node = placed_node(names[1 + i], instance.object_to_world);
    nodes.push_back(node);
    if (instance.mesh->indices.empty()) continue;
    auto key = std::make_pair(instance.mesh.get(), table.of_instance[i]);
    auto [it, added] = mesh_index.try_emplace(key, static_cast<unsigned>(meshes.size()));
    if (added) meshes.push_back(make_mesh(*instance.mesh, key.second));
    node->mNumMeshes = 1;
    node->mMeshes = new unsigned[1]{it->second};
  }
  if (camera_and_lights)
    for (const auto& [name, pose] : camera_and_light_nodes(scene))
      nodes.push_back(placed_node(name, pose));
  out->mRootNode = new aiNode(names[0]);
  out->mRootNode->mTransformation = z_up_to_y_up();
  out->mRootNode->addChildren(static_cast<unsigned>(nodes.size()), nodes.data());
  out->mNumMaterials = static_cast<unsigned>(materials.size());
  out->mMaterials = new_array(materials);
  out->mNumMeshes = static_cast<unsigned>(meshes.size());
  out->mMeshes = new_array(meshes);
  return out;
}

std::vector<std::uint8_t> export_glb(const aiScene& scene) {
  Assimp::Exporter exporter;
  const aiExportDataBlob* blob = exporter.ExportToBlob(&scene, "glb2");
  if (blob == nullptr)
    throw std::runtime_error(std::string("glb: Assimp cannot export the scene: ") +
                             exporter.GetErrorString());
  const auto* data = static_cast<const std::uint8_t*>(blob->data);
  return {data, data + blob->size};
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
  std::unique_ptr<aiScene> ai_scene = build_ai_scene(scene, names, content.camera_and_lights);
  Glb glb = parse_glb(export_glb(*ai_scene));
  add_gltf_extras(glb.json, scene, content, names);
  return glb_bytes(glb);
}

}  // namespace railyard
