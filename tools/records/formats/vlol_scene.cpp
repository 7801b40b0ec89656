#include "tools/records/formats/vlol_scene.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "logic/vocabulary.h"
#include "tools/records/formats/description.h"
#include "tools/records/formats/json_values.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

// Where each annotated part of the train sits in the record (nullptr: the picture has none).
struct CarParts {
  const PartRecord *body = nullptr, *wall = nullptr, *roof = nullptr, *wheels = nullptr;
  std::vector<const PartRecord*> payloads;
};

struct TrainParts {
  const PartRecord *loco = nullptr, *rail = nullptr;
  std::vector<CarParts> cars;
};

void claim(const PartRecord*& slot, const PartRecord& part) {
  if (slot != nullptr)
    throw std::invalid_argument("the scene has two parts for the " +
                                describe({part.kind, part.car, part.payload, {}, {}}) + " (parts " +
                                std::to_string(slot->id) + " and " + std::to_string(part.id) + ")");
  slot = &part;
}

TrainParts index_parts(const SampleRecord& record) {
  const Train& train = record.train.train;
  TrainParts index;
  index.cars.resize(train.cars.size());
  for (std::size_t c = 0; c < train.cars.size(); ++c)
    index.cars[c].payloads.assign(static_cast<std::size_t>(train.cars[c].load_count), nullptr);
  for (const PartRecord& part : record.parts) {
    if (part.kind == PartKind::Locomotive || part.kind == PartKind::Rail) {
      claim(part.kind == PartKind::Locomotive ? index.loco : index.rail, part);
      continue;
    }
    std::string what = describe({part.kind, part.car, part.payload, {}, {}});
    if (part.car < 1 || part.car > static_cast<int>(train.cars.size()))
      throw std::invalid_argument("scene part " + std::to_string(part.id) + " (" + what +
                                  ") names car " + std::to_string(part.car) +
                                  ", but the train has " + std::to_string(train.cars.size()) +
                                  " cars");
    CarParts& car = index.cars[static_cast<std::size_t>(part.car - 1)];
    switch (part.kind) {
      case PartKind::Body: claim(car.body, part); break;
      case PartKind::Wall: claim(car.wall, part); break;
      case PartKind::Roof: claim(car.roof, part); break;
      case PartKind::Wheels: claim(car.wheels, part); break;
      case PartKind::Payload:
        if (part.payload < 0 || part.payload >= static_cast<int>(car.payloads.size()))
          throw std::invalid_argument("scene part " + std::to_string(part.id) + " is payload " +
                                      std::to_string(part.payload) + " of car " +
                                      std::to_string(part.car) + ", which carries " +
                                      std::to_string(car.payloads.size()) + " loads");
        claim(car.payloads[static_cast<std::size_t>(part.payload)], part);
        break;
      default: break;
    }
  }
  return index;
}

class SceneObjectBuilder {
 public:
  SceneObjectBuilder(const SampleRecord& record, bool masks) : record_(record), masks_(masks) {
    auto pixels = static_cast<std::uint32_t>(record.camera.width * record.camera.height);
    empty_.mask = {record.camera.height, record.camera.width, {pixels}};
  }

  // mask, b_box, b_box_visible, world_cord, part_id of one part, added to an object.
  void add_part(Json& object, const PartRecord& part) const {
    add_region(object, part.region);
    object["world_cord"] = vec_json(part.centre);
    object["part_id"] = part.id;
  }

  void add_region(Json& object, const RegionAnnotation& region) const {
    if (masks_) object["mask"] = rle_json(region.mask);
    object["b_box"] = box_json(region.full_box);  // V-LoL's b_box: all geometry, projected
    object["b_box_visible"] = box_json(region.visible_box);
  }

  Json labelled_part(std::string_view label, const PartRecord* part) const {
    Json object;
    object["label"] = label;
    if (part != nullptr) add_part(object, *part);
    return object;
  }

  // c: the car's index in the train (position - 1).
  Json car(std::size_t c, const Car& car, const CarParts& parts) const {
    Json object;
    add_region(object, c < record_.cars.size() ? record_.cars[c] : empty_);
    if (parts.body != nullptr) {
      object["world_cord"] = vec_json(parts.body->centre);
      object["part_id"] = parts.body->id;
    }
    object["roof"] = labelled_part(name(Vocabulary::Trains, car.roof), parts.roof);
    object["wall"] = labelled_part(name(Vocabulary::Trains, car.wall), parts.wall);
    object["wheels"] = labelled_part(std::to_string(car.axles) + "_wheels", parts.wheels);
    object["color"] = {{"label", name(Vocabulary::Trains, car.shape)}};
    object["length"] = {{"label", name(Vocabulary::Trains, car.length)}};
    for (std::size_t k = 0; k < parts.payloads.size(); ++k)
      object["payload_" + std::to_string(k)] =
          labelled_part(name(Vocabulary::Trains, car.load_shape), parts.payloads[k]);
    return object;
  }

 private:
  const SampleRecord& record_;
  bool masks_;
  RegionAnnotation empty_;
};

}  // namespace

Json vlol_scene_json(const SampleRecord& record, const VlolDataset& dataset) {
  const Train& train = record.train.train;
  TrainParts parts = index_parts(record);
  SceneObjectBuilder builder(record, dataset.masks);

  Json masks = Json::object();
  if (parts.loco != nullptr) builder.add_part(masks["loco"], *parts.loco);
  if (parts.rail != nullptr) builder.add_part(masks["rail"], *parts.rail);
  for (std::size_t c = 0; c < train.cars.size(); ++c)
    masks["car_" + std::to_string(train.cars[c].position)] =
        builder.car(c, train.cars[c], parts.cars[c]);

  Json object;
  object["base_scene"] = record.scene;
  object["train_description"] = dataset.distribution;
  object["classification_rule"] = dataset.classification_rule;
  object["visualization"] = dataset.visualization;
  object["min_cars"] = dataset.min_cars;
  object["max_cars"] = dataset.max_cars;
  object["image_index"] = record.index;
  object["image_filename"] = record.files.image;
  object["blender_filename"] = std::to_string(record.index) + "_m_train.blend";
  object["depth_map_filename"] = record.files.depth_png;
  if (!record.files.depth_exr.empty()) object["depth_exr_filename"] = record.files.depth_exr;
  object["angle"] = train.angle;
  object["train"] = format_description({train, record.published});
  object["label"] = name(record.published);
  object["camera"] = camera_json(record.camera);
  object["car_masks"] = std::move(masks);
  if (record.published != record.train.label)
    object["true_label"] = std::string(name(record.train.label));
  if (!record.labelled) object["labelled"] = false;
  return object;
}

}  // namespace railyard
