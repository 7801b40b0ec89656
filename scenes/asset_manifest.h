// assets/manifest.yaml: which model file draws each symbolic value in each representation, which
// material paints it, and the attachment points the layout chains and stacks parts with. It is
// data, in the spirit of CLEVR's properties file: pointing an entry at another model (any format
// Assimp reads) changes the pictures without a rebuild. See assets/README.md for the format.
#pragma once

#include <array>
#include <filesystem>
#include <glm/glm.hpp>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "renderer/scene.h"

namespace railyard {

// One model file and how to place and colour it.
struct MeshRef {
  std::string entry;           // manifest key, for messages: "trains.loads.box"
  std::filesystem::path file;  // resolved against the manifest's folder
  std::string paint;           // material of the file that takes the car colour ("" = none)
  std::optional<std::string> material;  // manifest material replacing all of the file's own
  float scale = 1.0f;                   // applied to the model before `offset`
  glm::vec3 offset{0.0f};
  bool y_up = true;  // the file's up axis is +Y (glTF); false: +Z
};

// Points where the parts of one car stand, in the car's frame (origin on the ground under the
// middle of the car, +X towards the locomotive, +Z up).
struct Attachments {
  glm::vec3 coupling_front{0.0f};  // car length for spacing = front.x - back.x
  glm::vec3 coupling_back{0.0f};
  std::array<std::vector<glm::vec3>, 4> load_slots;  // [n]: where n loads stand (n = 1..3)
};

struct Locomotive {
  MeshRef model;
  glm::vec3 coupling_back{0.0f};  // in the locomotive's frame
  float length = 0.0f;            // from coupling_back to the front tip, along X
};

struct TrainsCar {
  MeshRef body;
  Attachments attach;
  glm::vec3 wall_mount{0.0f};
  glm::vec3 roof_mount{0.0f};
  std::array<std::vector<glm::vec3>, 4> axles;  // [n]: axle centres for n = 2, 3 axles
  std::array<MeshRef, 2> walls;                 // by Wall
  std::array<std::optional<MeshRef>, 5> roofs;  // by Roof; none has no model
};

struct TrainsAssets {
  std::array<std::string, 5> paints;  // material per car colour (Shape)
  Locomotive locomotive;
  MeshRef track;
  float track_segment = 1.0f;     // length of one track model along X
  float track_margin = 0.0f;      // track beyond each end of the train
  MeshRef wheelset;               // one axle with its two wheels, origin at the axle centre
  std::array<TrainsCar, 2> cars;  // by Length
  std::array<MeshRef, 6> loads;   // by LoadShape, origin at the base centre
};

struct BlocksPlatform {
  MeshRef body;           // the platform, painted the car colour
  MeshRef top_marker;     // black band: double wall
  MeshRef bottom_marker;  // black band: three axles
  std::array<std::vector<glm::vec3>, 4> load_slots;
};

struct BlocksCar {
  Attachments attach;                       // load_slots unused: they depend on the platform
  std::array<BlocksPlatform, 5> platforms;  // by Roof (the Blocks vocabulary's platform shape)
};

struct BlocksAssets {
  std::array<std::string, 5> paints;
  Locomotive locomotive;
  std::array<BlocksCar, 2> cars;
  std::array<MeshRef, 6> loads;
};

struct AssetManifest {
  std::filesystem::path file;
  std::map<std::string, render::Material> materials;
  TrainsAssets trains;
  BlocksAssets blocks;

  // Every model reference, for loading and checking.
  std::vector<const MeshRef*> mesh_refs() const;
  const render::Material& material(const std::string& name) const;  // must exist
};

// Throws SceneError naming the file, line and key on any problem: unknown or missing keys, a
// material that is not defined, a slot list of the wrong length.
AssetManifest load_asset_manifest(const std::filesystem::path& file);
AssetManifest parse_asset_manifest(const std::string& yaml, const std::filesystem::path& file);

}  // namespace railyard
