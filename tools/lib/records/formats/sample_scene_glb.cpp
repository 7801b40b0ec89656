#include "tools/lib/records/formats/sample_scene_glb.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "logic/vocabulary.h"
#include "tools/lib/records/formats/train_json.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

const Part* part_of(const TrainScene& scene, const render::Instance& instance) {
  if (instance.part == 0) return nullptr;
  if (instance.part > scene.parts.size())
    throw std::invalid_argument("glb: an instance shows part " + std::to_string(instance.part) +
                                " of " + std::to_string(scene.parts.size()));
  return &scene.parts[instance.part - 1];
}

// '#' is kept for Assimp's mesh names (scene_glb.h).
std::string mesh_name(const render::Instance& instance) {
  std::string name = instance.mesh->name.empty() ? "mesh" : instance.mesh->name;
  std::replace(name.begin(), name.end(), '#', '_');
  return name;
}

std::string part_path(const Part& part) {
  std::string path;
  if (part.car > 0) path.append("car").append(std::to_string(part.car)).append("/");
  path.append(part_kind_name(part.kind));
  if (part.kind == PartKind::Payload) path.append(std::to_string(part.payload));
  return path;
}

// Names as the header says: the base, then ".<n>" where several instances share it.
std::vector<std::string> node_names(const TrainScene& scene) {
  std::vector<std::string> names;
  for (const render::Instance& instance : scene.scene.instances) {
    const Part* part = part_of(scene, instance);
    names.push_back(part ? part_path(*part) : mesh_name(instance));
  }
  std::map<std::string, int> uses, seen;
  for (const std::string& name : names) ++uses[name];
  for (std::string& name : names) {
    if (uses[name] == 1) continue;
    std::string n = std::to_string(seen[name]++);
    name.append(".").append(n);
  }
  return names;
}

Json part_extras(const Part& part, const Train& train) {
  Json extras = {{"kind", std::string(part_kind_name(part.kind))}, {"car", part.car}};
  if (part.kind == PartKind::Payload) extras["payload"] = part.payload;
  extras["label"] = part.label;
  if (part.car >= 1 && part.car <= static_cast<int>(train.cars.size()))
    extras["car_attributes"] = car_json(Vocabulary::Michalski, train.cars[part.car - 1]);
  return extras;
}

Json scene_extras(const SampleRecord& record, std::string_view rule) {
  Json extras = {{"index", record.index},
                 {"label", std::string(name(record.train.label))},
                 {"published_label", std::string(name(record.published))}};
  if (!record.labelled) extras["labelled"] = false;
  extras["rule"] = std::string(rule);
  extras["scene"] = record.scene;
  extras["train"] = record_train_json(record.train.train);
  return extras;
}

}  // namespace

SceneGlbContent sample_glb_content(const TrainScene& scene, const SampleRecord& record,
                                   std::string_view rule) {
  SceneGlbContent content;
  std::vector<std::string> names = node_names(scene);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const render::Instance& instance = scene.scene.instances[i];
    Json extras = {{"part_id", instance.part}};
    if (const Part* part = part_of(scene, instance))
      extras.update(part_extras(*part, record.train.train));
    content.instances.push_back({std::move(names[i]), std::move(extras)});
  }
  content.scene_extras = scene_extras(record, rule);
  return content;
}

std::vector<std::uint8_t> sample_scene_glb(const TrainScene& scene, const SampleRecord& record,
                                           std::string_view rule) {
  return scene_glb(scene.scene, sample_glb_content(scene, record, rule));
}

}  // namespace railyard
