// The part tree of a sample: the train's cars in order, each with the annotated parts that belong
// to it (body, wall, roof, wheels and its loads by payload index), and the locomotive and rail.
// V-LoL's scene objects (vlol_scene.h) and the scene-graph export (tools/lib/export/scene_graph.h)
// walk the same tree, built once per record from its parts.
#pragma once

#include <stdexcept>
#include <vector>

#include "logic/train.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard {

// The parts of one car; nullptr where the picture has none (a car without a roof, a body that was
// not annotated).
struct CarPartTree {
  const PartRecord *body = nullptr, *wall = nullptr, *roof = nullptr, *wheels = nullptr;
  std::vector<const PartRecord*> payloads;  // one slot per load the car carries, by payload index
};

struct PartTree {
  const PartRecord *locomotive = nullptr, *rail = nullptr;
  std::vector<CarPartTree> cars;  // cars[c]: train.cars[c], the car at position c + 1
};

// Parts that do not fit the train: a car position or a payload index it lacks, or two parts of
// one kind for one car. The message names the part ("part 12 (roof of car 2)").
class PartTreeError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Points into `parts`, which must outlive the tree. Throws PartTreeError.
PartTree part_tree(const Train& train, const std::vector<PartRecord>& parts);
inline PartTree part_tree(const SampleRecord& record) {
  return part_tree(record.train.train, record.parts);
}

}  // namespace railyard
