// A COCO instances file for detection and segmentation training, built from the per-image scene
// objects of all_scenes.json: one category per part type (locomotive, rail, car, wall, roof,
// wheels, payload), one annotation per visible region with its RLE segmentation, box and area,
// and the region's value (e.g. golden_vase) as an attribute. Annotations stream to disk; only
// the small image entries are held until the end.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "util/atomic_file.h"

namespace railyard {

class CocoWriter {
 public:
  CocoWriter(const std::filesystem::path& path, const std::string& description,
             const std::string& date, const std::string& version);

  // One image: its V-LoL scene object (as in all_scenes.json) and its image size.
  void add_image(std::uint64_t index, const nlohmann::json& scene, int width, int height);
  // Writes the image list and closes the file at its final path.
  void finish();

  std::uint64_t annotation_count() const { return next_annotation_id_ - 1; }

 private:
  void add_region(std::uint64_t image, const std::string& category, const nlohmann::json& region,
                  nlohmann::json attributes);

  AtomicFile file_;
  nlohmann::json images_ = nlohmann::json::array();
  std::uint64_t next_annotation_id_ = 1;
};

}  // namespace railyard
