#include "scenes/train_assembly.h"

namespace railyard {

std::uint32_t TrainAssembly::add_part(PartKind kind, int car, int payload, std::string label) {
  parts_.push_back({kind, car, payload, std::move(label), glm::vec3(0.0f)});
  return static_cast<std::uint32_t>(parts_.size());
}

void TrainAssembly::place(const MeshRef& ref, const glm::mat4& where, std::uint32_t part,
                          const std::optional<render::Material>& paint) {
  std::optional<render::Material> fixed;
  if (ref.material) fixed = library_.manifest().material(*ref.material);
  for (const ModelMesh& m : library_.model(ref).meshes) {
    render::Instance instance;
    instance.mesh = m.mesh;
    instance.object_to_world = where;
    instance.part = part;
    if (fixed)
      instance.material = fixed;
    else if (paint && !ref.paint.empty() && m.material_name == ref.paint)
      instance.material = paint;
    instances_.push_back(std::move(instance));
  }
}

}  // namespace railyard
