#include "renderer/annotations/scene_json.h"

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "logic/description.h"
#include "logic/vocabulary.h"

namespace railyard::render {
namespace {

using Json = nlohmann::ordered_json;

// The shortest decimal that reads back as the same float, so 0.1f prints as 0.1 rather than as
// the double 0.10000000149011612.
double short_decimal(float value) {
  char text[32];
  auto [end, ec] = std::to_chars(text, text + sizeof text - 1, value);
  *end = '\0';
  return std::strtod(text, nullptr);
}

Json vec_json(const glm::vec3& v) {
  return Json::array({short_decimal(v.x), short_decimal(v.y), short_decimal(v.z)});
}

Json box_json(const PixelBox& box) {
  return Json::array({box.x, box.y, box.width, box.height});
}

// Where each annotated part of the train sits in Scene::parts, as part ids (index + 1; 0: none).
struct CarParts {
  std::uint32_t body = 0, wall = 0, roof = 0, wheels = 0;
  std::vector<std::uint32_t> payloads;
};

struct TrainParts {
  std::uint32_t loco = 0, rail = 0;
  std::vector<CarParts> cars;
};

std::string part_name(const Part& part) {
  static const char* const kKinds[] = {"locomotive", "rail",   "body",   "wall",
                                       "roof",       "wheels", "payload"};
  std::string name = kKinds[static_cast<int>(part.kind)];
  if (part.kind == PartKind::Payload) name += " " + std::to_string(part.payload);
  if (part.car > 0) name += " of car " + std::to_string(part.car);
  return name;
}

void claim(std::uint32_t& slot, std::uint32_t id, const Part& part) {
  if (slot != 0)
    throw std::invalid_argument("the scene has two parts for the " + part_name(part) + " (parts " +
                                std::to_string(slot) + " and " + std::to_string(id) + ")");
  slot = id;
}

TrainParts index_parts(const Scene& scene, const Train& train) {
  TrainParts index;
  index.cars.resize(train.cars.size());
  for (std::size_t c = 0; c < train.cars.size(); ++c)
    index.cars[c].payloads.assign(static_cast<std::size_t>(train.cars[c].load_count), 0);
  for (std::size_t p = 0; p < scene.parts.size(); ++p) {
    const Part& part = scene.parts[p];
    auto id = static_cast<std::uint32_t>(p + 1);
    if (part.kind == PartKind::Locomotive) {
      claim(index.loco, id, part);
      continue;
    }
    if (part.kind == PartKind::Rail) {
      claim(index.rail, id, part);
      continue;
    }
    if (part.car < 1 || part.car > static_cast<int>(train.cars.size()))
      throw std::invalid_argument("scene part " + std::to_string(id) + " (" + part_name(part) +
                                  ") names car " + std::to_string(part.car) +
                                  ", but the train has " + std::to_string(train.cars.size()) +
                                  " cars");
    CarParts& car = index.cars[static_cast<std::size_t>(part.car - 1)];
    switch (part.kind) {
      case PartKind::Body: claim(car.body, id, part); break;
      case PartKind::Wall: claim(car.wall, id, part); break;
      case PartKind::Roof: claim(car.roof, id, part); break;
      case PartKind::Wheels: claim(car.wheels, id, part); break;
      case PartKind::Payload:
        if (part.payload < 0 || part.payload >= static_cast<int>(car.payloads.size()))
          throw std::invalid_argument("scene part " + std::to_string(id) + " is payload " +
                                      std::to_string(part.payload) + " of car " +
                                      std::to_string(part.car) + ", which carries " +
                                      std::to_string(car.payloads.size()) + " loads");
        claim(car.payloads[static_cast<std::size_t>(part.payload)], id, part);
        break;
      default: break;
    }
  }
  return index;
}

class SceneJsonBuilder {
 public:
  SceneJsonBuilder(const ImageAnnotations& annotations, const Scene& scene)
      : annotations_(annotations), scene_(scene) {
    auto pixels = static_cast<std::uint32_t>(scene.camera.width * scene.camera.height);
    empty_.mask = {scene.camera.height, scene.camera.width, {pixels}};
  }

  // mask, b_box, b_box_visible, world_cord, part_id of one part, added to an object.
  void add_part(Json& object, std::uint32_t id) const {
    const RegionAnnotation& region = annotations_.parts.at(id - 1);
    add_region(object, region);
    object["world_cord"] = vec_json(scene_.parts[id - 1].centre);
    object["part_id"] = id;
  }

  void add_region(Json& object, const RegionAnnotation& region) const {
    object["mask"] = rle_json(region.mask);
    object["b_box"] = box_json(region.full_box);  // V-LoL's b_box: all geometry, projected
    object["b_box_visible"] = box_json(region.visible_box);
  }

  Json labelled_part(std::string_view label, std::uint32_t id) const {
    Json object;
    object["label"] = label;
    if (id != 0) add_part(object, id);
    return object;
  }

  // c: the car's index in the train (position - 1).
  Json car(std::size_t c, const Car& car, const CarParts& parts) const {
    Json object;
    add_region(object, c < annotations_.cars.size() ? annotations_.cars[c] : empty_);
    if (parts.body != 0) {
      object["world_cord"] = vec_json(scene_.parts[parts.body - 1].centre);
      object["part_id"] = parts.body;
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
  const ImageAnnotations& annotations_;
  const Scene& scene_;
  RegionAnnotation empty_;
};

}  // namespace

Json rle_json(const Rle& rle) {
  Json object;
  object["size"] = Json::array({rle.height, rle.width});
  object["counts"] = rle_to_string(rle);
  return object;
}

Json camera_json(const Camera& camera) {
  // OpenGL camera axes (y up, looking down -z) to OpenCV's (y down, looking down +z).
  glm::mat4 flip(1.0f);
  flip[1][1] = -1.0f;
  flip[2][2] = -1.0f;
  glm::mat4 world_to_camera = flip * camera.world_to_camera();
  glm::mat3 k = camera.intrinsics();
  Json k_rows = Json::array();
  for (int row = 0; row < 3; ++row)
    k_rows.push_back(Json::array(
        {short_decimal(k[0][row]), short_decimal(k[1][row]), short_decimal(k[2][row])}));
  Json m_rows = Json::array();
  for (int row = 0; row < 4; ++row) {
    Json values = Json::array();
    for (int col = 0; col < 4; ++col) values.push_back(short_decimal(world_to_camera[col][row]));
    m_rows.push_back(std::move(values));
  }
  Json object;
  object["lens"] = camera.lens == Lens::Pinhole ? "pinhole" : "fisheye";
  object["fov"] = short_decimal(camera.fov_deg);
  object["width"] = camera.width;
  object["height"] = camera.height;
  object["focal_length_px"] = short_decimal(camera.focal_length_px());
  object["K"] = std::move(k_rows);
  object["world_to_camera"] = std::move(m_rows);
  object["position"] = vec_json(camera.position);
  object["look_at"] = vec_json(camera.look_at);
  object["up"] = vec_json(camera.up);
  object["convention"] = "x right, y down, z forward; pixel centres at +0.5";
  return object;
}

Json scene_json(const SceneRecord& record, const ImageAnnotations& annotations,
                const Scene& scene) {
  if (annotations.parts.size() != scene.parts.size())
    throw std::invalid_argument("annotations for " + std::to_string(annotations.parts.size()) +
                                " parts, but the scene has " + std::to_string(scene.parts.size()));
  const Train& train = record.train.train;
  TrainParts parts = index_parts(scene, train);
  SceneJsonBuilder builder(annotations, scene);

  Json masks = Json::object();
  if (parts.loco != 0) builder.add_part(masks["loco"], parts.loco);
  if (parts.rail != 0) builder.add_part(masks["rail"], parts.rail);
  for (std::size_t c = 0; c < train.cars.size(); ++c)
    masks["car_" + std::to_string(train.cars[c].position)] =
        builder.car(c, train.cars[c], parts.cars[c]);

  Json object;
  object["base_scene"] = record.base_scene;
  object["train_description"] = record.distribution;
  object["classification_rule"] = record.classification_rule;
  object["visualization"] = record.visualization;
  object["min_cars"] = record.min_cars;
  object["max_cars"] = record.max_cars;
  object["image_index"] = record.image_index;
  object["image_filename"] = record.image_filename;
  object["blender_filename"] = record.blender_filename;
  object["depth_map_filename"] = record.depth_map_filename;
  if (!record.depth_exr_filename.empty()) object["depth_exr_filename"] = record.depth_exr_filename;
  object["angle"] = train.angle;
  object["train"] = format_description(record.train);
  object["label"] = name(record.train.label);
  object["camera"] = camera_json(scene.camera);
  object["car_masks"] = std::move(masks);
  return object;
}

Json scene_json(const SceneRecord& record, const Frame& frame, const Scene& scene) {
  return scene_json(record, annotate_image(frame, scene), scene);
}

}  // namespace railyard::render
