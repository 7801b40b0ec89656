#include "tools/lib/records/formats/coco_writer.h"

#include <nlohmann/json.hpp>

#include "logic/vocabulary.h"
#include "tools/lib/records/formats/json_values.h"

namespace railyard {
namespace {

int category_id(PartKind kind) {
  return static_cast<int>(kind) + 1;
}

// The categories are the part kinds, except that "car" annotates a car as a whole (all its
// parts), where a body part is only the car's body.
std::string category_name(PartKind kind) {
  return kind == PartKind::Body ? "car" : std::string(part_kind_name(kind));
}

nlohmann::json categories() {
  nlohmann::json list = nlohmann::json::array();
  for (int k = 0; k < kPartKindCount; ++k) {
    auto kind = static_cast<PartKind>(k);
    bool whole_train = kind == PartKind::Locomotive || kind == PartKind::Rail;
    list.push_back({{"id", category_id(kind)},
                    {"name", category_name(kind)},
                    {"supercategory", whole_train ? "train" : "car"}});
  }
  return list;
}

// An annotation's JSON is an object of sorted keys (nlohmann::json), so its id, numbered by the
// writer, falls between category_id and image_id: the text is cut there.
void add_region(CocoSample& sample, std::uint64_t image, PartKind category,
                const RegionAnnotation& region, nlohmann::json attributes, bool masks) {
  if (region.area == 0) return;  // wholly hidden: nothing to detect
  nlohmann::json before = {{"area", region.area},
                           {"attributes", std::move(attributes)},
                           {"bbox", box_json(region.visible_box)},
                           {"bbox_amodal", box_json(region.full_box)},
                           {"category_id", category_id(category)}};
  nlohmann::json after = {{"image_id", image}, {"iscrowd", 0}};
  if (masks) after["segmentation"] = rle_json(region.mask);
  std::string before_id = before.dump(), after_id = after.dump();
  before_id.back() = ',';  // its closing brace
  before_id += "\"id\":";
  after_id.front() = ',';  // its opening brace
  sample.annotations.push_back({std::move(before_id), std::move(after_id)});
}

}  // namespace

CocoSample coco_sample(const SampleRecord& record, bool masks) {
  const std::uint64_t image = record.index;
  CocoSample sample;
  sample.image = nlohmann::json{{"id", image},
                                {"file_name", record.files.image},
                                {"width", record.camera.width},
                                {"height", record.camera.height},
                                {"label", std::string(name(record.published))}}
                     .dump();
  auto add = [&](PartKind kind, const RegionAnnotation& region, nlohmann::json attributes) {
    add_region(sample, image, kind, region, std::move(attributes), masks);
  };
  for (PartKind whole : {PartKind::Locomotive, PartKind::Rail})
    if (const PartRecord* part = record.find(whole, 0))
      add(whole, part->region, {{"label", part->label}});
  for (const Car& car : record.train.train.cars) {
    nlohmann::json attributes = {{"car", car.position},
                                 {"color", name(Vocabulary::Trains, car.shape)},
                                 {"length", name(Vocabulary::Trains, car.length)}};
    if (static_cast<std::size_t>(car.position) <= record.cars.size())
      add(PartKind::Body, record.cars[static_cast<std::size_t>(car.position - 1)],
          std::move(attributes));
    for (PartKind kind : {PartKind::Roof, PartKind::Wall, PartKind::Wheels})
      if (const PartRecord* part = record.find(kind, car.position))
        add(kind, part->region, {{"car", car.position}, {"label", part->label}});
    for (int k = 0; k < car.load_count; ++k)
      if (const PartRecord* part = record.find(PartKind::Payload, car.position, k))
        add(PartKind::Payload, part->region,
            {{"car", car.position}, {"label", part->label}, {"payload", k}});
  }
  return sample;
}

CocoWriter::CocoWriter(const std::filesystem::path& path, const std::string& description,
                       const std::string& date, const std::string& version, bool masks)
    : file_(path), masks_(masks) {
  nlohmann::json info = {{"description", description},
                         {"version", version},
                         {"date_created", date},
                         {"contributor", "railyard"}};
  file_.write("{\"info\": " + info.dump() + ",\n\"licenses\": [],\n\"categories\": " +
              categories().dump() + ",\n\"annotations\": [");
}

void CocoWriter::add(const CocoSample& sample) {
  images_.push_back(sample.image);
  for (const CocoSample::Annotation& annotation : sample.annotations) {
    file_.write(std::string(next_annotation_id_ == 1 ? "\n" : ",\n") + annotation.before_id +
                std::to_string(next_annotation_id_) + annotation.after_id);
    ++next_annotation_id_;
  }
}

void CocoWriter::finish() {
  file_.write("\n],\n\"images\": [");
  for (std::size_t i = 0; i < images_.size(); ++i)
    file_.write(std::string(i == 0 ? "\n" : ",\n") + images_[i]);
  file_.write("\n]}\n");
  file_.commit();
}

}  // namespace railyard
