#include "scenes/train_assembly.h"

namespace railyard {

std::uint32_t TrainAssembly::part(PartKind kind, int car, int payload, const std::string& label) {
  for (std::size_t i = 0; i < parts_.size(); ++i)
    if (parts_[i].kind == kind && parts_[i].car == car && parts_[i].payload == payload)
      return static_cast<std::uint32_t>(i + 1);
  parts_.push_back({kind, car, payload, label, glm::vec3(0.0f)});
  return static_cast<std::uint32_t>(parts_.size());
}

void TrainAssembly::place(const Piece& piece, const glm::mat4& where, std::uint32_t part,
                          const render::Material* paint) {
  std::optional<render::Material> fixed;
  if (piece.material) fixed = library_.manifest().material(*piece.material);
  for (const ModelMesh& m : library_.model(piece.model, detail_level_).meshes) {
    render::Instance instance;
    instance.mesh = m.mesh;
    instance.object_to_world = where;
    instance.part = part;
    if (fixed)
      instance.material = fixed;
    else if (paint && !piece.paint_slot.empty() && m.material_name == piece.paint_slot)
      instance.material = *paint;
    instances_.push_back(std::move(instance));
  }
}

void TrainAssembly::transform(const glm::mat4& m) {
  for (render::Instance& inst : instances_) inst.object_to_world = m * inst.object_to_world;
}

}  // namespace railyard
