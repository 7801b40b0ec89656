#include "tools/records/formats/sample_record.h"

#include <stdexcept>

#include "logic/vocabulary.h"
#include "tools/records/formats/json_values.h"
#include "util/atomic_file.h"
#include "util/input_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& key, const std::string& what) {
  throw InputError("'" + key + "': " + what);
}

const nlohmann::json& member(const nlohmann::json& json, const std::string& name,
                             const std::string& key) {
  if (!json.is_object() || !json.contains(name))
    fail(key.empty() ? name : key, key.empty() ? "missing" : "has no '" + name + "'");
  return json.at(name);
}

std::int64_t integer(const nlohmann::json& json, const std::string& key) {
  if (!json.is_number_integer()) fail(key, "expected a whole number, got " + json.dump());
  return json.get<std::int64_t>();
}

std::string text(const nlohmann::json& json, const std::string& key) {
  if (!json.is_string()) fail(key, "expected a string, got " + json.dump());
  return json.get<std::string>();
}

Direction direction(const nlohmann::json& json, const std::string& key) {
  std::string name = text(json, key);
  if (name == "east") return Direction::East;
  if (name == "west") return Direction::West;
  fail(key, "expected east or west, got '" + name + "'");
}

Json car_json(const Car& car) {
  Json out = {{"position", car.position}};
  for (Descriptor d : kDescriptors) {
    std::string key(descriptor_key(d));
    int value = descriptor_value(car, d);
    if (d == Descriptor::Axles || d == Descriptor::LoadCount)
      out[key] = value;
    else if (d == Descriptor::LoadShape && car.load_count == 0)
      out[key] = "none";
    else
      out[key] = value_name(Vocabulary::Michalski, d, value);
  }
  return out;
}

Car car_from_json(const nlohmann::json& json, const std::string& key) {
  Car car;
  car.position = static_cast<int>(integer(member(json, "position", key), key + ".position"));
  for (Descriptor d : kDescriptors) {
    std::string name(descriptor_key(d));
    const auto& value = member(json, name, key);
    std::string where = key + "." + name;
    if (d == Descriptor::LoadShape && value == "none") continue;  // a car without loads
    std::optional<int> parsed = value.is_number_integer() ? std::optional<int>(value.get<int>())
                                                          : parse_value(d, text(value, where));
    if (!parsed) fail(where, "unknown value " + value.dump());
    set_descriptor_value(car, d, *parsed);
  }
  if (car.load_count == 0) car.load_shape = LoadShape::Rectangle;
  if (!satisfies_visual_constraints(car)) fail(key, "breaks the visual constraints");
  return car;
}

Json train_json(const Train& train) {
  Json cars = Json::array();
  for (const Car& car : train.cars) cars.push_back(car_json(car));
  return {{"angle", train.angle}, {"cars", std::move(cars)}};
}

Train train_from_json(const nlohmann::json& json, const std::string& key) {
  Train train;
  train.angle = static_cast<int>(integer(member(json, "angle", key), key + ".angle"));
  const auto& cars = member(json, "cars", key);
  if (!cars.is_array()) fail(key + ".cars", "expected a list");
  for (std::size_t c = 0; c < cars.size(); ++c) {
    Car car = car_from_json(cars[c], key + ".cars[" + std::to_string(c) + "]");
    if (car.position != static_cast<int>(c) + 1)
      fail(key + ".cars[" + std::to_string(c) + "]", "position must be " + std::to_string(c + 1));
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

RegionAnnotation region_from_json(const nlohmann::json& json, const std::string& key) {
  RegionAnnotation region;
  region.area = static_cast<std::uint64_t>(integer(member(json, "area", key), key + ".area"));
  region.visible_box = box_from_json(member(json, "visible_box", key), key + ".visible_box");
  region.full_box = box_from_json(member(json, "full_box", key), key + ".full_box");
  region.mask = rle_from_json(member(json, "mask", key), key + ".mask");
  return region;
}

PartKind part_kind_from_json(const nlohmann::json& json, const std::string& key) {
  std::string name = text(json, key);
  for (int k = 0; k < kPartKindCount; ++k)
    if (part_kind_name(static_cast<PartKind>(k)) == name) return static_cast<PartKind>(k);
  fail(key, "unknown part kind '" + name + "'");
}

PartRecord part_from_json(const nlohmann::json& json, const std::string& key) {
  PartRecord part;
  part.id = static_cast<std::uint32_t>(integer(member(json, "id", key), key + ".id"));
  part.kind = part_kind_from_json(member(json, "kind", key), key + ".kind");
  part.car = static_cast<int>(integer(member(json, "car", key), key + ".car"));
  part.payload = static_cast<int>(integer(member(json, "payload", key), key + ".payload"));
  part.label = text(member(json, "label", key), key + ".label");
  part.region = region_from_json(json, key);
  part.centre = vec_from_json(member(json, "centre", key), key + ".centre");
  return part;
}

// "file_checks": the check of each written file, under the key of its name in "files".
Json file_checks_json(const SampleFiles& files) {
  Json checks = Json::object();
  for (auto [key, check] :
       {std::pair{"image", &files.image_check}, std::pair{"depth_png", &files.depth_png_check},
        std::pair{"depth_exr", &files.depth_exr_check}})
    if (*check) checks[key] = {{"bytes", (*check)->bytes}, {"sha256", (*check)->sha256}};
  return checks;
}

std::optional<FileCheck> file_check_from_json(const nlohmann::json& checks, const char* key,
                                              const std::string& name) {
  std::string where = std::string("file_checks.") + key;
  if (!checks.contains(key)) {
    if (!name.empty()) fail(where, "missing: the file '" + name + "' has no check");
    return std::nullopt;
  }
  if (name.empty()) fail(where, "a check for a file that was not written");
  const auto& check = checks[key];
  FileCheck out;
  std::int64_t bytes = integer(member(check, "bytes", where), where + ".bytes");
  if (bytes < 0) fail(where + ".bytes", "must not be negative");
  out.bytes = static_cast<std::uint64_t>(bytes);
  out.sha256 = text(member(check, "sha256", where), where + ".sha256");
  if (out.sha256.size() != 64 ||
      out.sha256.find_first_not_of("0123456789abcdef") != std::string::npos)
    fail(where + ".sha256", "expected 64 lowercase hex digits");
  return out;
}

void file_checks_from_json(const nlohmann::json& json, SampleFiles& files) {
  if (!json.contains("file_checks")) return;  // a record from before checks were kept
  const auto& checks = json["file_checks"];
  if (!checks.is_object()) fail("file_checks", "expected an object");
  for (const auto& [key, value] : checks.items())
    if (key != "image" && key != "depth_png" && key != "depth_exr")
      fail("file_checks." + key, "not a file of a sample (image, depth_png, depth_exr)");
  files.image_check = file_check_from_json(checks, "image", files.image);
  files.depth_png_check = file_check_from_json(checks, "depth_png", files.depth_png);
  files.depth_exr_check = file_check_from_json(checks, "depth_exr", files.depth_exr);
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
               {"train", train_json(record.train.train)},
               {"scene", record.scene},
               {"camera", camera_json(record.camera)},
               {"files",
                {{"image", record.files.image},
                 {"depth_png", record.files.depth_png},
                 {"depth_exr", record.files.depth_exr}}},
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
  return json;
}

SampleRecord sample_record_from_json(const nlohmann::json& json, const std::string& source) {
  try {
    SampleRecord record;
    record.index = static_cast<std::uint64_t>(integer(member(json, "index", ""), "index"));
    record.train.label = direction(member(json, "label", ""), "label");
    record.published = direction(member(json, "published_label", ""), "published_label");
    record.train.train = train_from_json(member(json, "train", ""), "train");
    record.scene = text(member(json, "scene", ""), "scene");
    record.camera = camera_from_json(member(json, "camera", ""), "camera");
    const auto& files = member(json, "files", "");
    record.files.image = text(member(files, "image", "files"), "files.image");
    record.files.depth_png = text(member(files, "depth_png", "files"), "files.depth_png");
    record.files.depth_exr = text(member(files, "depth_exr", "files"), "files.depth_exr");
    file_checks_from_json(json, record.files);
    const auto& parts = member(json, "parts", "");
    if (!parts.is_array()) fail("parts", "expected a list");
    for (std::size_t k = 0; k < parts.size(); ++k) {
      record.parts.push_back(part_from_json(parts[k], "parts[" + std::to_string(k) + "]"));
      if (record.parts.back().id != k + 1)
        fail("parts[" + std::to_string(k) + "].id", "must be " + std::to_string(k + 1));
    }
    const auto& cars = member(json, "cars", "");
    if (!cars.is_array()) fail("cars", "expected a list");
    for (std::size_t c = 0; c < cars.size(); ++c)
      record.cars.push_back(region_from_json(cars[c], "cars[" + std::to_string(c) + "]"));
    if (json.contains("labelled")) {
      if (!json["labelled"].is_boolean()) fail("labelled", "expected true or false");
      record.labelled = json["labelled"].get<bool>();
    }
    return record;
  } catch (const InputError& e) {
    throw InputError(source + ": not a sample record: " + e.what());
  }
}

std::string sample_record_text(const SampleRecord& record) {
  return to_json(record).dump() + "\n";
}

void write_sample_record(const std::filesystem::path& path, const SampleRecord& record) {
  write_file_atomically(path, sample_record_text(record));
}

SampleRecord read_sample_record(const std::filesystem::path& path) {
  std::string text = read_file_text(path);
  auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) throw InputError(path.string() + ": not valid JSON");
  return sample_record_from_json(json, path.string());
}

}  // namespace railyard
