#include "tools/lib/records/formats/coco_writer.h"

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

}  // namespace

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

void CocoWriter::add_region(std::uint64_t image, PartKind category, const RegionAnnotation& region,
                            nlohmann::json attributes) {
  if (region.area == 0) return;  // wholly hidden: nothing to detect
  nlohmann::json annotation = {
      {"id", next_annotation_id_}, {"image_id", image}, {"category_id", category_id(category)}};
  if (masks_) annotation["segmentation"] = rle_json(region.mask);
  annotation["area"] = region.area;
  annotation["bbox"] = box_json(region.visible_box);
  annotation["iscrowd"] = 0;
  annotation["attributes"] = std::move(attributes);
  annotation["bbox_amodal"] = box_json(region.full_box);
  file_.write(std::string(next_annotation_id_ == 1 ? "\n" : ",\n") + annotation.dump());
  ++next_annotation_id_;
}

void CocoWriter::add_sample(const SampleRecord& record) {
  const std::uint64_t image = record.index;
  images_.push_back({{"id", image},
                     {"file_name", record.files.image},
                     {"width", record.camera.width},
                     {"height", record.camera.height},
                     {"label", std::string(name(record.published))}});
  for (PartKind whole : {PartKind::Locomotive, PartKind::Rail})
    if (const PartRecord* part = record.find(whole, 0))
      add_region(image, whole, part->region, {{"label", part->label}});
  for (const Car& car : record.train.train.cars) {
    nlohmann::json attributes = {{"car", car.position},
                                 {"color", name(Vocabulary::Trains, car.shape)},
                                 {"length", name(Vocabulary::Trains, car.length)}};
    if (static_cast<std::size_t>(car.position) <= record.cars.size())
      add_region(image, PartKind::Body, record.cars[static_cast<std::size_t>(car.position - 1)],
                 std::move(attributes));
    for (PartKind kind : {PartKind::Roof, PartKind::Wall, PartKind::Wheels})
      if (const PartRecord* part = record.find(kind, car.position))
        add_region(image, kind, part->region, {{"car", car.position}, {"label", part->label}});
    for (int k = 0; k < car.load_count; ++k)
      if (const PartRecord* part = record.find(PartKind::Payload, car.position, k))
        add_region(image, PartKind::Payload, part->region,
                   {{"car", car.position}, {"label", part->label}, {"payload", k}});
  }
}

void CocoWriter::finish() {
  file_.write("\n],\n\"images\": [");
  for (std::size_t i = 0; i < images_.size(); ++i)
    file_.write(std::string(i == 0 ? "\n" : ",\n") + images_[i].dump());
  file_.write("\n]}\n");
  file_.commit();
}

}  // namespace railyard
