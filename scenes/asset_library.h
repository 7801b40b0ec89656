// The models of the asset manifest, loaded once through Assimp and shared by every scene laid
// out from them. Loading converts each file's frame to ours (Z up) and applies the manifest's
// scale, so the layout only places and paints.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "renderer/scene.h"
#include "scenes/asset_manifest.h"

namespace railyard {

// How far a coarser level of detail may stray from the full models on screen.
inline constexpr float kMaxDetailErrorPx = 0.5f;

struct ModelMesh {
  std::shared_ptr<const render::Mesh> mesh;
  std::string material_name;  // the file's material name, matched against Piece::paint_slot
};

// All the meshes of one model file, in our frame.
struct Model {
  std::vector<ModelMesh> meshes;
  glm::vec3 bounds_min{0.0f}, bounds_max{0.0f};
  std::size_t triangle_count() const;
};

class AssetLibrary {
 public:
  // Loads every model the manifest names, at every detail level. Throws SceneError naming the
  // manifest entry and the path of a file that is missing or that Assimp cannot read.
  explicit AssetLibrary(AssetManifest manifest);
  static AssetLibrary load(const std::filesystem::path& manifest_file);
  // <data_dir>/assets/manifest.yaml
  static std::filesystem::path default_manifest(const std::filesystem::path& data_dir);

  const AssetManifest& manifest() const { return manifest_; }
  // The model of `ref` at detail `level`: 0 full, k the manifest's detail_levels[k - 1].
  const Model& model(const MeshRef& ref, int level = 0) const;
  // The coarsest level whose error stays within kMaxDetailErrorPx where one unit of the
  // manifest spans `pixels_per_unit` pixels.
  int detail_level(float pixels_per_unit) const;
  // A flat square of ground from -1 to 1 in x and y at z = 0, normal up; scenes scale it to
  // their ground's size.
  std::shared_ptr<const render::Mesh> ground() const { return ground_; }

 private:
  AssetManifest manifest_;
  // By MeshRef::entry, a model per detail level.
  std::map<std::string, std::vector<std::shared_ptr<const Model>>> models_;
  std::shared_ptr<const render::Mesh> ground_;
};

}  // namespace railyard
