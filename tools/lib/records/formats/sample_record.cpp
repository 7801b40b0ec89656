#include "tools/lib/records/formats/sample_record.h"

#include <limits>
#include <stdexcept>

#include "logic/vocabulary.h"
#include "tools/lib/records/formats/json_values.h"
#include "tools/lib/records/formats/train_json.h"
#include "util/atomic_file.h"
#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

using Field = JsonField<nlohmann::json>;

Json record_car_json(const Car& car) {
  Json out = {{"position", car.position}};
  Json descriptors = car_json(Vocabulary::Michalski, car);
  for (auto& [key, value] : descriptors.items()) out[key] = value;
  return out;
}

Car car_from_json(const Field& field) {
  Car car;
  car.position = field["position"].as_int();
  for (Descriptor d : kDescriptors) {
    Field value = field[descriptor_key(d)];
    if (d == Descriptor::LoadShape && value.json() == "none") continue;  // a car without loads
    std::optional<int> parsed = value.json().is_number_integer()
                                    ? std::optional<int>(value.as_int())
                                    : parse_value(d, value.as_string());
    if (!parsed) value.fail("unknown value " + printable(value.json().dump()));
    set_descriptor_value(car, d, *parsed);
  }
  if (car.load_count == 0) car.load_shape = LoadShape::Rectangle;
  if (!satisfies_visual_constraints(car)) field.fail("breaks the visual constraints");
  return car;
}

}  // namespace

Json record_train_json(const Train& train) {
  Json cars = Json::array();
  for (const Car& car : train.cars) cars.push_back(record_car_json(car));
  return {{"angle", train.angle}, {"cars", std::move(cars)}};
}

namespace {

Train train_from_json(const Field& field) {
  Train train;
  train.angle = field["angle"].as_int();
  auto cars = field["cars"].items();
  for (std::size_t c = 0; c < cars.size(); ++c) {
    Car car = car_from_json(cars[c]);
    if (car.position != static_cast<int>(c) + 1)
      cars[c]["position"].fail("must be " + std::to_string(c + 1));
    train.cars.push_back(car);
  }
  return train;
}

Json region_json(Json object, const RegionAnnotation& region) {
  object["area"] = region.area;
  object["visible_box"] = box_json(region.visible_box);
  object["full_box"] = box_json(region.full_box);
  object["mask"] = rle_json(region.mask);
  return object;
}

RegionAnnotation region_from_json(const Field& field) {
  RegionAnnotation region;
  region.area = field["area"].as_unsigned();
  region.visible_box = box_from_json(field["visible_box"]);
  region.full_box = box_from_json(field["full_box"]);
  region.mask = rle_from_json(field["mask"]);
  return region;
}

PartRecord part_from_json(const Field& field) {
  PartRecord part;
  std::uint64_t id = field["id"].as_unsigned();
  if (id > std::numeric_limits<std::uint32_t>::max()) field["id"].fail("too large");
  part.id = static_cast<std::uint32_t>(id);
  read_record(field["kind"], part.kind);
  part.car = field["car"].as_int();
  part.payload = field["payload"].as_int();
  part.label = field["label"].as_string();
  part.region = region_from_json(field);
  part.centre = vec_from_json(field["centre"]);
  return part;
}

// "file_checks": the check of each written file, under the key of its name in "files".
Json file_checks_json(const SampleFiles& files) {
  Json checks = Json::object();
  for (auto [key, check] :
       {std::pair{"image", &files.image_check}, std::pair{"depth_png", &files.depth_png_check},
        std::pair{"depth_exr", &files.depth_exr_check}, std::pair{"scene", &files.scene_check}})
    if (*check) checks[key] = record_json<Json>(**check);
  return checks;
}

std::optional<FileCheck> file_check_from_json(const Field& checks, const char* key,
                                              const std::string& name) {
  std::optional<Field> check = checks.find(key);
  if (!check) {
    if (!name.empty())
      fail_at(checks.origin(), checks.key() + "." + key,
              "missing: the file '" + printable(name) + "' has no check");
    return std::nullopt;
  }
  if (name.empty()) check->fail("a check for a file that was not written");
  FileCheck out;
  read_record(*check, out);
  return out;
}

void file_checks_from_json(const Field& record, SampleFiles& files) {
  std::optional<Field> checks = record.find("file_checks");
  if (!checks) return;  // a record from before checks were kept
  for (const auto& [key, value] : checks->members())
    if (key != "image" && key != "depth_png" && key != "depth_exr" && key != "scene")
      value.fail("not a file of a sample (image, depth_png, depth_exr, scene)");
  files.image_check = file_check_from_json(*checks, "image", files.image);
  files.depth_png_check = file_check_from_json(*checks, "depth_png", files.depth_png);
  files.depth_exr_check = file_check_from_json(*checks, "depth_exr", files.depth_exr);
  files.scene_check = file_check_from_json(*checks, "scene", files.scene);
}

// "files": every sample's image and depth names ("" when not written), and "scene" only when
// written, so that records without scenes keep their bytes from before it existed.
Json files_json(const SampleFiles& files) {
  Json json = {
      {"image", files.image}, {"depth_png", files.depth_png}, {"depth_exr", files.depth_exr}};
  if (!files.scene.empty()) json["scene"] = files.scene;
  return json;
}

}  // namespace

const PartRecord* SampleRecord::find(PartKind kind, int car, int payload) const {
  for (const PartRecord& part : parts)
    if (part.kind == kind && part.car == car && part.payload == payload) return &part;
  return nullptr;
}

std::vector<PartRecord> part_records(const TrainScene& train, ImageAnnotations annotations) {
  if (annotations.parts.size() != train.parts.size())
    throw std::invalid_argument("annotations for " + std::to_string(annotations.parts.size()) +
                                " parts, but the scene has " + std::to_string(train.parts.size()));
  std::vector<PartRecord> records;
  records.reserve(train.parts.size());
  for (std::size_t k = 0; k < train.parts.size(); ++k) {
    const Part& part = train.parts[k];
    records.push_back({static_cast<std::uint32_t>(k + 1), part.kind, part.car, part.payload,
                       part.label, std::move(annotations.parts[k]), part.centre});
  }
  return records;
}

Json to_json(const SampleRecord& record) {
  Json parts = Json::array();
  for (const PartRecord& part : record.parts) {
    Json object = {{"id", part.id},
                   {"kind", std::string(part_kind_name(part.kind))},
                   {"car", part.car},
                   {"payload", part.payload},
                   {"label", part.label}};
    object = region_json(std::move(object), part.region);
    object["centre"] = vec_json(part.centre);
    parts.push_back(std::move(object));
  }
  Json cars = Json::array();
  for (std::size_t c = 0; c < record.cars.size(); ++c)
    cars.push_back(region_json({{"car", c + 1}}, record.cars[c]));
  Json json = {{"index", record.index},
               {"label", std::string(name(record.train.label))},
               {"published_label", std::string(name(record.published))},
               {"train", record_train_json(record.train.train)},
               {"scene", record.scene},
               {"camera", camera_json(record.camera)},
               {"files", files_json(record.files)},
               {"parts", std::move(parts)},
               {"cars", std::move(cars)}};
  // After "files": a sample rendered in memory (the Python Generator) has no files to check.
  if (Json checks = file_checks_json(record.files); !checks.empty()) {
    Json ordered;
    for (auto& [key, value] : json.items()) {
      ordered[key] = std::move(value);
      if (key == "files") ordered["file_checks"] = std::move(checks);
    }
    json = std::move(ordered);
  }
  if (!record.labelled) json["labelled"] = false;
  if (record.clauses) json["clauses"] = *record.clauses;
  if (record.sequence) json["sequence"] = to_json(*record.sequence);
  return json;
}

SampleRecord sample_record_from_json(const nlohmann::json& json, const JsonOrigin& origin,
                                     RecordDetail detail) {
  Field field(json, origin);
  SampleRecord record;
  record.index = field["index"].as_unsigned();
  read_record(field["label"], record.train.label);
  read_record(field["published_label"], record.published);
  record.train.train = train_from_json(field["train"]);
  record.scene = field["scene"].as_string();
  const bool whole = detail == RecordDetail::Whole;
  if (whole) record.camera = camera_from_json(field["camera"]);
  Field files = field["files"];
  record.files.image = files["image"].as_string();
  record.files.depth_png = files["depth_png"].as_string();
  record.files.depth_exr = files["depth_exr"].as_string();
  if (std::optional<Field> scene = files.find("scene")) {
    record.files.scene = scene->as_string();
    if (record.files.scene.empty()) scene->fail("an unwritten scene has no key");
  }
  if (whole) file_checks_from_json(field, record.files);
  auto parts = whole ? field["parts"].items() : std::vector<Field>{};
  for (std::size_t k = 0; k < parts.size(); ++k) {
    record.parts.push_back(part_from_json(parts[k]));
    if (record.parts.back().id != k + 1) parts[k]["id"].fail("must be " + std::to_string(k + 1));
  }
  if (whole)
    for (const Field& car : field["cars"].items()) record.cars.push_back(region_from_json(car));
  if (std::optional<Field> labelled = field.find("labelled")) record.labelled = labelled->as_bool();
  if (std::optional<Field> clauses = field.find("clauses")) {
    std::uint64_t n = clauses->as_unsigned();
    if (n > 1'000'000) clauses->fail("must be a clause count");
    record.clauses = static_cast<std::uint32_t>(n);
  }
  if (std::optional<Field> step = field.find("sequence"))
    read_record(*step, record.sequence.emplace());
  return record;
}

SampleRecord sample_record_from_json(const nlohmann::json& json, const std::string& source) {
  return sample_record_from_json(json, JsonOrigin{source});
}

std::string sample_record_text(const SampleRecord& record) {
  return to_json(record).dump() + "\n";
}

void write_sample_record(const std::filesystem::path& path, const SampleRecord& record) {
  write_file_atomically(path, sample_record_text(record));
}

SampleRecord read_sample_record(const std::filesystem::path& path) {
  JsonOrigin origin{path.string()};
  return sample_record_from_json(parse_json(read_file_text(path), origin), origin);
}

}  // namespace railyard
