#include "tools/assetgen/glb_writer.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace railyard::assetgen {
namespace {

aiVector3D to_y_up(const glm::vec3& v) {
  return {v.x, v.z, -v.y};
}

aiMaterial* make_material(const AssetMaterial& m) {
  auto* out = new aiMaterial();
  aiString name(std::string(m.name));
  out->AddProperty(&name, AI_MATKEY_NAME);
  aiColor4D base(m.base_color.r, m.base_color.g, m.base_color.b, 1.0f);
  out->AddProperty(&base, 1, AI_MATKEY_BASE_COLOR);
  out->AddProperty(&m.metallic, 1, AI_MATKEY_METALLIC_FACTOR);
  out->AddProperty(&m.roughness, 1, AI_MATKEY_ROUGHNESS_FACTOR);
  return out;
}

aiMesh* make_mesh(const std::string& name, const Surface& s, unsigned material) {
  auto* mesh = new aiMesh();
  mesh->mName = aiString(name);
  mesh->mMaterialIndex = material;
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  mesh->mNumVertices = static_cast<unsigned>(s.positions.size());
  mesh->mVertices = new aiVector3D[mesh->mNumVertices];
  mesh->mNormals = new aiVector3D[mesh->mNumVertices];
  for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
    mesh->mVertices[i] = to_y_up(s.positions[i]);
    mesh->mNormals[i] = to_y_up(s.normals[i]);
  }
  mesh->mNumFaces = static_cast<unsigned>(s.triangle_count());
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    mesh->mFaces[f].mNumIndices = 3;
    mesh->mFaces[f].mIndices = new unsigned[3];
    for (unsigned k = 0; k < 3; ++k) mesh->mFaces[f].mIndices[k] = s.indices[3 * f + k];
  }
  return mesh;
}

}  // namespace

void write_glb(const Asset& asset, const std::filesystem::path& file) {
  auto scene = std::make_unique<aiScene>();
  const auto& groups = asset.groups();
  auto n = static_cast<unsigned>(groups.size());
  scene->mRootNode = new aiNode(asset.name());
  scene->mNumMaterials = n;
  scene->mMaterials = new aiMaterial*[n];
  scene->mNumMeshes = n;
  scene->mMeshes = new aiMesh*[n];
  scene->mRootNode->mNumMeshes = n;
  scene->mRootNode->mMeshes = new unsigned[n];
  for (unsigned i = 0; i < n; ++i) {
    scene->mMaterials[i] = make_material(groups[i].material);
    std::string mesh_name = asset.name() + "/" + std::string(groups[i].material.name);
    scene->mMeshes[i] = make_mesh(mesh_name, groups[i].surface, i);
    scene->mRootNode->mMeshes[i] = i;
  }
  Assimp::Exporter exporter;
  if (exporter.Export(scene.get(), "glb2", file.string()) != AI_SUCCESS)
    throw std::runtime_error("cannot write " + file.string() + ": " + exporter.GetErrorString());
}

}  // namespace railyard::assetgen
