#include "tools/lib/records/formats/part_tree.h"

#include <string>

namespace railyard {
namespace {

std::string part_name(const PartRecord& part) {
  return "part " + std::to_string(part.id) + " (" +
         describe({part.kind, part.car, part.payload, {}, {}}) + ")";
}

void claim(const PartRecord*& slot, const PartRecord& part) {
  if (slot != nullptr)
    throw PartTreeError(part_name(part) + " and " + part_name(*slot) + " are the same object");
  slot = &part;
}

}  // namespace

PartTree part_tree(const Train& train, const std::vector<PartRecord>& parts) {
  PartTree tree;
  tree.cars.resize(train.cars.size());
  for (std::size_t c = 0; c < train.cars.size(); ++c)
    tree.cars[c].payloads.assign(static_cast<std::size_t>(train.cars[c].load_count), nullptr);
  for (const PartRecord& part : parts) {
    if (part.kind == PartKind::Locomotive || part.kind == PartKind::Rail) {
      claim(part.kind == PartKind::Locomotive ? tree.locomotive : tree.rail, part);
      continue;
    }
    if (part.car < 1 || part.car > static_cast<int>(train.cars.size()))
      throw PartTreeError(part_name(part) + " names a car the train (" +
                          std::to_string(train.cars.size()) + " cars) does not have");
    CarPartTree& car = tree.cars[static_cast<std::size_t>(part.car - 1)];
    switch (part.kind) {
      case PartKind::Body: claim(car.body, part); break;
      case PartKind::Wall: claim(car.wall, part); break;
      case PartKind::Roof: claim(car.roof, part); break;
      case PartKind::Wheels: claim(car.wheels, part); break;
      case PartKind::Payload:
        if (part.payload < 0 || part.payload >= static_cast<int>(car.payloads.size()))
          throw PartTreeError(part_name(part) + " is not a load: the car carries " +
                              std::to_string(car.payloads.size()));
        claim(car.payloads[static_cast<std::size_t>(part.payload)], part);
        break;
      default: break;
    }
  }
  return tree;
}

}  // namespace railyard
