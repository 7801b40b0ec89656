// assets/manifest.yaml: for each representation, which models each descriptor value adds to a
// car, which material paints them, which annotated part they belong to under which label, and
// where they stand. It is data, in the spirit of CLEVR's properties file: pointing a piece at
// another model (any format Assimp reads) changes the pictures without a rebuild, and a new
// representation is a new entry with its meshes. railyard-assetgen writes the shipped one from
// its own dimensions. See assets/README.md for the format.
#pragma once

#include <array>
#include <filesystem>
#include <glm/glm.hpp>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "logic/train.h"
#include "logic/vocabulary.h"
#include "renderer/scene.h"
#include "scenes/part.h"

namespace railyard {

// One model file and how to load it.
struct MeshRef {
  std::string entry;           // where the manifest names it, for messages: "Trains.values.wall..."
  std::filesystem::path file;  // resolved against the manifest's folder
  std::filesystem::path path;  // as the manifest writes it, for its detail levels' copies
  float scale = 1.0f;          // applied to the model as it is loaded
  bool y_up = true;            // the file's up axis is +Y (glTF); false: +Z
};

// A piece applies to a car only when the car's value of each named descriptor is among the
// listed values, e.g. {length: short}.
struct Condition {
  Descriptor descriptor = Descriptor::Length;
  std::vector<int> values;  // as in descriptor_values
};

// One model placed as (part of) an annotated part.
struct Piece {
  MeshRef model;
  PartKind part = PartKind::Body;
  std::string label;       // the part's label, e.g. "braced_wall", "3_wheels"
  std::string paint_slot;  // the model's material that takes the car colour ("" = none)
  std::optional<std::string> material;  // a manifest material replacing all of the model's own
  glm::vec3 at{0.0f};                   // where its origin goes in the vehicle's frame
  std::vector<Condition> when;

  bool applies_to(const Car& car) const;
};

// A vehicle with its own frame: the locomotive, and (as `length`) each car length.
struct Vehicle {
  float length = 1.0f;  // along the train: coupling to coupling, centred on the origin
  std::vector<Piece> pieces;
};

struct CarFrame {
  float length = 1.0f;                               // as Vehicle::length
  std::array<std::vector<glm::vec3>, 4> load_slots;  // [n]: where n loads stand, payload_0 first
};

struct Track {
  float segment_length = 1.0f;  // one track model along X, repeated along the train's line
  std::vector<Piece> pieces;
};

// Everything one representation draws; frames: +Z up, +X towards the locomotive, origin on the
// ground under the middle of a vehicle's span, sizes at V-LoL's train scale S = 1.
struct RepresentationAssets {
  std::string name;  // "Trains", "SimpleObjects": a dataset's representation
  Vocabulary vocabulary = Vocabulary::Trains;  // names its values in labels and captions
  std::array<std::string, 5> paints;           // material name by car colour (Shape)
  Vehicle locomotive;
  std::optional<Track> track;
  std::array<CarFrame, 2> cars;  // by Length
  // pieces[descriptor][i]: what the i-th value of descriptor_values(descriptor) adds to a car.
  std::array<std::vector<std::vector<Piece>>, kDescriptors.size()> pieces;

  // Nothing for a value the descriptor does not have (4 axles, say).
  const std::vector<Piece>& pieces_of(Descriptor d, int value) const;
};

// A coarser copy of every model: the same paths under `folder`, at most `error` (in the
// manifest's units, at S = 1) from the full models.
struct DetailLevel {
  std::filesystem::path folder;  // resolved against the manifest's folder
  float error = 0.0f;
};

struct AssetManifest {
  std::filesystem::path file;
  std::map<std::string, render::Material> materials;
  std::vector<DetailLevel> detail_levels;  // finest first
  std::vector<RepresentationAssets> representations;

  // Throws SceneError naming the manifest when it has no such representation.
  const RepresentationAssets& representation(std::string_view name) const;
  // Every model reference, for loading and checking.
  std::vector<const MeshRef*> mesh_refs() const;
  const render::Material& material(const std::string& name) const;  // must exist
};

// Throws SceneError naming the file, line and key on any problem: unknown or missing keys, a
// descriptor value missing or given twice, a material that is not defined, a slot list of the
// wrong length, a payload piece outside load_shape, detail levels out of order.
AssetManifest load_asset_manifest(const std::filesystem::path& file);
AssetManifest parse_asset_manifest(const std::string& yaml, const std::filesystem::path& file);

}  // namespace railyard
