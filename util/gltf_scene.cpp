#include "util/gltf_scene.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <memory>
#include <stdexcept>
#include <string>

namespace railyard::gltf {
namespace {

aiVector3D to_ai(const glm::vec3& v) {
  return {v.x, v.y, v.z};
}

// glm is column-major, aiMatrix4x4 row-major.
aiMatrix4x4 to_ai(const glm::mat4& m) {
  return {m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1],
          m[0][2], m[1][2], m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]};
}

template <typename T>
T* new_array(std::span<const T> items) {
  auto* out = new T[items.size()];
  for (std::size_t i = 0; i < items.size(); ++i) out[i] = items[i];
  return out;
}

aiMaterial* make_material(const Material& m) {
  auto* out = new aiMaterial();
  aiString name(m.name);
  out->AddProperty(&name, AI_MATKEY_NAME);
  aiColor4D base(m.base_color.r, m.base_color.g, m.base_color.b, 1.0f);
  out->AddProperty(&base, 1, AI_MATKEY_BASE_COLOR);
  out->AddProperty(&m.metallic, 1, AI_MATKEY_METALLIC_FACTOR);
  out->AddProperty(&m.roughness, 1, AI_MATKEY_ROUGHNESS_FACTOR);
  return out;
}

aiMesh* make_mesh(const Mesh& source) {
  if (!source.normals.empty() && source.normals.size() != source.positions.size())
    throw std::invalid_argument("glb: mesh '" + source.name + "' has " +
                                std::to_string(source.normals.size()) + " normals for " +
                                std::to_string(source.positions.size()) + " positions");
  auto* mesh = new aiMesh();
  mesh->mName = aiString(source.name);
  mesh->mMaterialIndex = source.material;
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  mesh->mNumVertices = static_cast<unsigned>(source.positions.size());
  mesh->mVertices = new aiVector3D[mesh->mNumVertices];
  bool normals = !source.normals.empty();
  if (normals) mesh->mNormals = new aiVector3D[mesh->mNumVertices];
  for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
    mesh->mVertices[i] = to_ai(source.positions[i]);
    if (normals) mesh->mNormals[i] = to_ai(source.normals[i]);
  }
  mesh->mNumFaces = static_cast<unsigned>(source.indices.size() / 3);
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    mesh->mFaces[f].mNumIndices = 3;
    mesh->mFaces[f].mIndices = new_array(source.indices.subspan(3 * f, 3));
  }
  return mesh;
}

aiNode* make_node(const Node& source) {
  auto* node = new aiNode(source.name);
  node->mTransformation = to_ai(source.transform);
  if (!source.meshes.empty()) {
    node->mNumMeshes = static_cast<unsigned>(source.meshes.size());
    node->mMeshes = new_array(std::span<const unsigned>(source.meshes));
  }
  std::vector<aiNode*> children;
  for (const Node& child : source.children) children.push_back(make_node(child));
  if (!children.empty()) node->addChildren(static_cast<unsigned>(children.size()), children.data());
  return node;
}

}  // namespace

std::vector<std::uint8_t> export_glb(const Scene& scene) {
  auto out = std::make_unique<aiScene>();  // owns every array and object below
  out->mRootNode = make_node(scene.root);
  out->mNumMaterials = static_cast<unsigned>(scene.materials.size());
  out->mMaterials = new aiMaterial*[out->mNumMaterials]();
  for (unsigned i = 0; i < out->mNumMaterials; ++i)
    out->mMaterials[i] = make_material(scene.materials[i]);
  out->mNumMeshes = static_cast<unsigned>(scene.meshes.size());
  out->mMeshes = new aiMesh*[out->mNumMeshes]();  // null until made: safe to delete
  for (unsigned i = 0; i < out->mNumMeshes; ++i) out->mMeshes[i] = make_mesh(scene.meshes[i]);
  Assimp::Exporter exporter;
  const aiExportDataBlob* blob = exporter.ExportToBlob(out.get(), "glb2");
  if (blob == nullptr)
    throw std::runtime_error(std::string("glb: Assimp cannot export the scene: ") +
                             exporter.GetErrorString());
  const auto* data = static_cast<const std::uint8_t*>(blob->data);
  return {data, data + blob->size};
}

}  // namespace railyard::gltf
