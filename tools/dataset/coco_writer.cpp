#include "tools/dataset/coco_writer.h"

#include <array>
#include <string_view>

#include "renderer/annotations/rle.h"

namespace railyard {
namespace {

constexpr std::array<std::string_view, 7> kCategories = {"locomotive", "rail",   "car",    "wall",
                                                         "roof",       "wheels", "payload"};

int category_id(std::string_view name) {
  for (std::size_t i = 0; i < kCategories.size(); ++i)
    if (kCategories[i] == name) return static_cast<int>(i) + 1;
  return 0;
}

nlohmann::json categories() {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < kCategories.size(); ++i)
    list.push_back(
        {{"id", i + 1}, {"name", kCategories[i]}, {"supercategory", i < 2 ? "train" : "car"}});
  return list;
}

// The part type of a sub-region key of car_<pos>: roof, wall, wheels, payload_<k>.
std::string_view sub_category(std::string_view key) {
  if (key.starts_with("payload_")) return "payload";
  if (key == "roof" || key == "wall" || key == "wheels") return key;
  return {};
}

}  // namespace

CocoWriter::CocoWriter(const std::filesystem::path& path, const std::string& description,
                       const std::string& date, const std::string& version)
    : file_(path) {
  nlohmann::json info = {{"description", description},
                         {"version", version},
                         {"date_created", date},
                         {"contributor", "railyard"}};
  file_.write("{\"info\": " + info.dump() + ",\n\"licenses\": [],\n\"categories\": " +
              categories().dump() + ",\n\"annotations\": [");
}

void CocoWriter::add_region(std::uint64_t image, const std::string& category,
                            const nlohmann::json& region, nlohmann::json attributes) {
  if (!region.is_object() || !region.contains("mask")) return;
  const auto& mask = region["mask"];
  int height = mask["size"][0], width = mask["size"][1];
  std::uint64_t area =
      render::rle_area(render::rle_from_string(mask["counts"].get<std::string>(), height, width));
  if (area == 0) return;  // wholly hidden: nothing to detect
  nlohmann::json annotation = {{"id", next_annotation_id_},
                               {"image_id", image},
                               {"category_id", category_id(category)},
                               {"segmentation", mask},
                               {"area", area},
                               {"bbox", region["b_box_visible"]},
                               {"iscrowd", 0},
                               {"attributes", std::move(attributes)}};
  annotation["bbox_amodal"] = region["b_box"];
  file_.write(std::string(next_annotation_id_ == 1 ? "\n" : ",\n") + annotation.dump());
  ++next_annotation_id_;
}

void CocoWriter::add_image(std::uint64_t index, const nlohmann::json& scene, int width,
                           int height) {
  images_.push_back({{"id", index},
                     {"file_name", scene.value("image_filename", "")},
                     {"width", width},
                     {"height", height},
                     {"label", scene.value("label", "")}});
  const auto& masks = scene.at("car_masks");
  for (const auto& [key, region] : masks.items()) {
    if (key == "loco") add_region(index, "locomotive", region, {{"label", "locomotive"}});
    if (key == "rail") add_region(index, "rail", region, {{"label", "rail"}});
    if (!key.starts_with("car_")) continue;
    int car = std::stoi(key.substr(4));
    nlohmann::json car_attributes = {{"car", car}};
    if (region.contains("color")) car_attributes["color"] = region["color"]["label"];
    if (region.contains("length")) car_attributes["length"] = region["length"]["label"];
    add_region(index, "car", region, car_attributes);
    for (const auto& [sub_key, sub] : region.items()) {
      std::string_view category = sub_category(sub_key);
      if (category.empty()) continue;
      nlohmann::json attributes = {{"car", car}, {"label", sub.value("label", "")}};
      if (category == "payload") attributes["payload"] = std::stoi(sub_key.substr(8));
      add_region(index, std::string(category), sub, std::move(attributes));
    }
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
