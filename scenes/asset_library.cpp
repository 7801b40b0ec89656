#include "scenes/asset_library.h"

#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>

#include "scenes/scene_error.h"
#include "util/file_system.h"

namespace railyard {
namespace {

// glTF is Y-up: (x, y, z) there is (x, -z, y) in our Z-up frame.
glm::vec3 to_our_frame(const aiVector3D& v, bool y_up) {
  return y_up ? glm::vec3(v.x, -v.z, v.y) : glm::vec3(v.x, v.y, v.z);
}

render::Material read_material(const aiMaterial& m) {
  render::Material out;
  aiColor4D base;
  if (m.Get(AI_MATKEY_BASE_COLOR, base) == AI_SUCCESS ||
      m.Get(AI_MATKEY_COLOR_DIFFUSE, base) == AI_SUCCESS)
    out.base_color = {base.r, base.g, base.b};
  float value = 0.0f;
  if (m.Get(AI_MATKEY_METALLIC_FACTOR, value) == AI_SUCCESS) out.metallic = value;
  if (m.Get(AI_MATKEY_ROUGHNESS_FACTOR, value) == AI_SUCCESS) out.roughness = value;
  return out;
}

Model load_model(const MeshRef& ref) {
  auto fail = [&](const std::string& why) -> SceneError {
    return SceneError("asset manifest entry '" + ref.entry + "': " + ref.file.string() + ": " +
                      why);
  };
  if (std::string why = file_system::why_not_a_file(ref.file); !why.empty()) throw fail(why);
  Assimp::Importer importer;
  const aiScene* scene =
      importer.ReadFile(ref.file.string(), aiProcess_Triangulate | aiProcess_PreTransformVertices |
                                               aiProcess_GenNormals | aiProcess_SortByPType |
                                               aiProcess_FindInvalidData);
  if (!scene || !scene->mRootNode)
    throw fail(std::string("cannot read: ") + importer.GetErrorString());

  Model model;
  bool first = true;
  for (unsigned i = 0; i < scene->mNumMeshes; ++i) {
    const aiMesh& in = *scene->mMeshes[i];
    if (!(in.mPrimitiveTypes & aiPrimitiveType_TRIANGLE) || !in.HasNormals()) continue;
    auto mesh = std::make_shared<render::Mesh>();
    mesh->name = in.mName.C_Str();
    for (unsigned v = 0; v < in.mNumVertices; ++v) {
      glm::vec3 p = ref.scale * to_our_frame(in.mVertices[v], ref.y_up);
      mesh->positions.push_back(p);
      mesh->normals.push_back(glm::normalize(to_our_frame(in.mNormals[v], ref.y_up)));
      model.bounds_min = first ? p : glm::min(model.bounds_min, p);
      model.bounds_max = first ? p : glm::max(model.bounds_max, p);
      first = false;
    }
    for (unsigned f = 0; f < in.mNumFaces; ++f) {
      if (in.mFaces[f].mNumIndices != 3) continue;
      for (unsigned k = 0; k < 3; ++k) mesh->indices.push_back(in.mFaces[f].mIndices[k]);
    }
    std::string material_name;
    if (in.mMaterialIndex < scene->mNumMaterials) {
      const aiMaterial& m = *scene->mMaterials[in.mMaterialIndex];
      mesh->material = read_material(m);
      aiString name;
      if (m.Get(AI_MATKEY_NAME, name) == AI_SUCCESS) material_name = name.C_Str();
    }
    model.meshes.push_back({std::move(mesh), std::move(material_name)});
  }
  if (model.meshes.empty()) throw fail("contains no triangle meshes");
  return model;
}

std::shared_ptr<const render::Mesh> make_ground() {
  auto g = std::make_shared<render::Mesh>();
  g->name = "ground";
  g->positions = {
      {-1.0f, -1.0f, 0.0f}, {1.0f, -1.0f, 0.0f}, {1.0f, 1.0f, 0.0f}, {-1.0f, 1.0f, 0.0f}};
  g->normals.assign(4, glm::vec3(0.0f, 0.0f, 1.0f));
  g->indices = {0, 1, 2, 0, 2, 3};
  return g;
}

}  // namespace

std::size_t Model::triangle_count() const {
  std::size_t n = 0;
  for (const ModelMesh& m : meshes) n += m.mesh->indices.size() / 3;
  return n;
}

AssetLibrary::AssetLibrary(AssetManifest manifest)
    : manifest_(std::move(manifest)), ground_(make_ground()) {
  // Entries naming the same file with the same placement share one loaded model.
  std::map<std::string, std::shared_ptr<const Model>> by_file;
  auto load_shared = [&](const MeshRef& ref) {
    std::string key =
        ref.file.string() + "|" + std::to_string(ref.scale) + "|" + (ref.y_up ? "y" : "z");
    auto& model = by_file[key];
    if (!model) model = std::make_shared<const Model>(load_model(ref));
    return model;
  };
  for (const MeshRef* ref : manifest_.mesh_refs()) {
    std::vector<std::shared_ptr<const Model>>& levels = models_[ref->entry];
    levels.push_back(load_shared(*ref));
    for (const DetailLevel& level : manifest_.detail_levels) {
      MeshRef copy = *ref;
      copy.entry += " (detail level " + level.folder.filename().string() + ")";
      copy.file = level.folder / ref->path;
      levels.push_back(load_shared(copy));
    }
  }
  // A material named by the manifest must exist (checked on parsing); paints likewise.
  for (const RepresentationAssets& r : manifest_.representations)
    for (const std::string& p : r.paints) manifest_.material(p);
}

AssetLibrary AssetLibrary::load(const std::filesystem::path& manifest_file) {
  return AssetLibrary(load_asset_manifest(manifest_file));
}

std::filesystem::path AssetLibrary::default_manifest(const std::filesystem::path& data_dir) {
  return data_dir / "assets" / "manifest.yaml";
}

const Model& AssetLibrary::model(const MeshRef& ref, int level) const {
  auto it = models_.find(ref.entry);
  if (it == models_.end())
    throw SceneError("asset manifest entry '" + ref.entry + "' was not loaded");
  if (level < 0 || level >= static_cast<int>(it->second.size()))
    throw SceneError("asset manifest entry '" + ref.entry + "' has no detail level " +
                     std::to_string(level));
  return *it->second[static_cast<std::size_t>(level)];
}

int AssetLibrary::detail_level(float pixels_per_unit) const {
  int level = 0;
  for (std::size_t k = 0; k < manifest_.detail_levels.size(); ++k)
    if (manifest_.detail_levels[k].error * pixels_per_unit <= kMaxDetailErrorPx)
      level = static_cast<int>(k) + 1;
  return level;
}

}  // namespace railyard
