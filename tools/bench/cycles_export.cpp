#include "tools/bench/cycles_export.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "renderer/tone.h"

namespace railyard {
namespace {

using nlohmann::json;

// The scene's distinct materials in order of first use, and each instance's index among them.
struct MaterialTable {
  std::vector<render::Material> materials;
  std::vector<unsigned> of_instance;
};

MaterialTable material_table(const render::Scene& scene) {
  MaterialTable table;
  for (const render::Instance& instance : scene.instances) {
    const render::Material& m = instance.surface_material();
    unsigned index = 0;
    while (index < table.materials.size() && table.materials[index] != m) ++index;
    if (index == table.materials.size()) table.materials.push_back(m);
    table.of_instance.push_back(index);
  }
  return table;
}

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

// Object-space geometry, untouched: the nodes above it place it and turn it Y-up.
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

// One aiMesh per (mesh, material) pair, shared by every instance showing that pair, so the glTF
// instances geometry as our scene does.
std::unique_ptr<aiScene> build_ai_scene(const render::Scene& scene) {
  MaterialTable table = material_table(scene);
  auto out = std::make_unique<aiScene>();
  std::vector<aiMaterial*> materials;
  for (std::size_t i = 0; i < table.materials.size(); ++i)
    materials.push_back(make_material(table.materials[i], cycles_material_name(i)));
  std::vector<aiMesh*> meshes;
  std::vector<aiNode*> nodes;
  std::map<std::pair<const render::Mesh*, unsigned>, unsigned> mesh_index;
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const render::Instance& instance = scene.instances[i];
    if (instance.mesh->indices.empty()) continue;
    auto key = std::make_pair(instance.mesh.get(), table.of_instance[i]);
    auto [it, added] = mesh_index.try_emplace(key, static_cast<unsigned>(meshes.size()));
    if (added) meshes.push_back(make_mesh(*instance.mesh, key.second));
    auto* node = new aiNode(instance.mesh->name + "." + std::to_string(i));
    node->mTransformation = to_ai(instance.object_to_world);
    node->mNumMeshes = 1;
    node->mMeshes = new unsigned[1]{it->second};
    nodes.push_back(node);
  }
  out->mRootNode = new aiNode("railyard_scene");
  out->mRootNode->mTransformation = z_up_to_y_up();
  out->mRootNode->addChildren(static_cast<unsigned>(nodes.size()), nodes.data());
  out->mNumMaterials = static_cast<unsigned>(materials.size());
  out->mMaterials = new_array(materials);
  out->mNumMeshes = static_cast<unsigned>(meshes.size());
  out->mMeshes = new_array(meshes);
  return out;
}

json to_json(const glm::vec3& v) {
  return json::array({v.x, v.y, v.z});
}

// Row-major, as Blender's mathutils.Matrix takes it.
json to_json(const glm::mat4& m) {
  json rows = json::array();
  for (int r = 0; r < 4; ++r) rows.push_back(json::array({m[0][r], m[1][r], m[2][r], m[3][r]}));
  return rows;
}

json camera_json(const render::Camera& camera) {
  bool pinhole = camera.lens == render::Lens::Pinhole;
  // The equidistant fisheye maps angle to radius linearly: the height spans h / f radians.
  float vertical = pinhole ? camera.vertical_fov()
                           : static_cast<float>(camera.height) / camera.focal_length_px();
  return {{"position", to_json(camera.position)},
          {"look_at", to_json(camera.look_at)},
          {"up", to_json(camera.up)},
          // Looks down its local -Z with +Y up, as a Blender camera does.
          {"camera_to_world", to_json(camera.camera_to_world())},
          {"lens", pinhole ? "pinhole" : "fisheye_equidistant"},
          {"horizontal_fov_deg", camera.fov_deg},
          {"vertical_fov_deg", glm::degrees(vertical)},
          {"width", camera.width},
          {"height", camera.height},
          {"near", camera.near},
          {"far", camera.far}};
}

const char* pattern_name(render::Pattern pattern) {
  switch (pattern) {
    case render::Pattern::None: return "none";
    case render::Pattern::Sand: return "sand";
    case render::Pattern::Checker: return "checker";
  }
  return "none";
}

json patterns_json(const render::Scene& scene) {
  MaterialTable table = material_table(scene);
  json patterns = json::array();
  for (std::size_t i = 0; i < table.materials.size(); ++i) {
    const render::Material& m = table.materials[i];
    if (m.pattern == render::Pattern::None) continue;
    patterns.push_back({{"material", cycles_material_name(i)},
                        {"kind", pattern_name(m.pattern)},
                        {"color", to_json(m.pattern_color)},
                        {"scale_m", m.pattern_scale}});
  }
  return patterns;
}

}  // namespace

std::string cycles_material_name(std::size_t index) {
  return "railyard_material_" + std::to_string(index);
}

void write_scene_glb(const render::Scene& scene, const std::filesystem::path& file) {
  std::unique_ptr<aiScene> ai_scene = build_ai_scene(scene);
  Assimp::Exporter exporter;
  if (exporter.Export(ai_scene.get(), "glb2", file.string()) != AI_SUCCESS)
    throw std::runtime_error("cannot write " + file.string() + ": " + exporter.GetErrorString());
}

void write_scene_sidecar(const render::Scene& scene, const std::filesystem::path& file) {
  json sidecar = {
      {"world_up", "z"},
      {"units", "m"},
      {"camera", camera_json(scene.camera)},
      {"sun",
       {{"direction", to_json(scene.sun.direction)},
        {"irradiance", to_json(scene.sun.irradiance)},
        {"angular_radius_deg", scene.sun.angular_radius_deg}}},
      {"sky",
       {{"zenith", to_json(scene.sky.zenith)},
        {"horizon", to_json(scene.sky.horizon)},
        {"ground", to_json(scene.sky.ground)}}},
      // null: camera rays that miss see the sky; otherwise they see this colour, untone-mapped.
      {"background_color",
       scene.background_color ? to_json(*scene.background_color) : json(nullptr)},
      {"tone", {{"exposure", render::tone::kExposure}, {"view_transform", "standard"}}},
      {"patterns", patterns_json(scene)}};
  std::ofstream out(file);
  out << sidecar.dump(2) << '\n';
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

CyclesExport export_for_cycles(const render::Scene& scene, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  CyclesExport files{dir / "scene.glb", dir / "scene.json"};
  write_scene_glb(scene, files.glb);
  write_scene_sidecar(scene, files.json);
  return files;
}

}  // namespace railyard
