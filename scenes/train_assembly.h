// Collects the instances and annotated parts of one train in the train's own frame (origin at
// the train's centre on the ground, +X towards the locomotive), before it is turned and scaled.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "renderer/scene.h"
#include "scenes/asset_library.h"
#include "scenes/part.h"

namespace railyard {

class TrainAssembly {
 public:
  explicit TrainAssembly(const AssetLibrary& library) : library_(library) {}

  // Adds an annotated part and returns its id for Instance::part (index + 1).
  std::uint32_t add_part(PartKind kind, int car, int payload, std::string label);
  // Places a model: `where` maps its frame into the train frame. Meshes whose material is the
  // reference's paint slot take `paint`; a reference with a manifest material takes that.
  void place(const MeshRef& ref, const glm::mat4& where, std::uint32_t part,
             const std::optional<render::Material>& paint = std::nullopt);

  const AssetLibrary& library() const { return library_; }
  std::vector<render::Instance>& instances() { return instances_; }
  std::vector<Part>& parts() { return parts_; }

 private:
  const AssetLibrary& library_;
  std::vector<render::Instance> instances_;
  std::vector<Part> parts_;
};

}  // namespace railyard
