// Collects the instances and annotated parts of one train in the train's own frame (origin at
// the locomotive's middle on the ground, +X towards the locomotive's front) before it is turned
// and scaled into the world; the track is added in world space afterwards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "renderer/scene.h"
#include "scenes/asset_library.h"
#include "scenes/part.h"

namespace railyard {

class TrainAssembly {
 public:
  // Models are taken at `detail_level` (AssetLibrary::model).
  TrainAssembly(const AssetLibrary& library, int detail_level)
      : library_(library), detail_level_(detail_level) {}

  // The id (index + 1, for Instance::part) of the part of this kind, car and payload, added
  // with `label` when it is new: pieces of one part share it.
  std::uint32_t part(PartKind kind, int car, int payload, const std::string& label);
  // Places a piece's model: `where` maps its frame into the assembly's. Meshes whose material is
  // the piece's paint slot take `paint`; a piece with a manifest material takes that everywhere.
  void place(const Piece& piece, const glm::mat4& where, std::uint32_t part,
             const render::Material* paint = nullptr);
  // Maps every instance placed so far by `m` (from the train frame into the world).
  void transform(const glm::mat4& m);

  const AssetLibrary& library() const { return library_; }
  std::vector<render::Instance>& instances() { return instances_; }
  std::vector<Part>& parts() { return parts_; }

 private:
  const AssetLibrary& library_;
  int detail_level_ = 0;
  std::vector<render::Instance> instances_;
  std::vector<Part> parts_;
};

}  // namespace railyard
