#include "tools/lib/records/formats/vlol_scene.h"

#include <string>

#include "logic/vocabulary.h"
#include "tools/lib/records/formats/description.h"
#include "tools/lib/records/formats/json_values.h"
#include "tools/lib/records/formats/part_tree.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

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
  Json car(std::size_t c, const Car& car, const CarPartTree& parts) const {
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
  PartTree parts = part_tree(record);
  SceneObjectBuilder builder(record, dataset.masks);

  Json masks = Json::object();
  if (parts.locomotive != nullptr) builder.add_part(masks["loco"], *parts.locomotive);
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
  if (!record.files.scene.empty()) object["scene_filename"] = record.files.scene;
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
