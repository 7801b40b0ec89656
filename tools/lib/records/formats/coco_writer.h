// A COCO instances file for detection and segmentation training, a view of the sample records:
// one category per part kind (locomotive, rail, car, wall, roof, wheels, payload), one annotation
// per visible region with its RLE segmentation, visible box (bbox), amodal box (bbox_amodal) and
// area, and the part's label in the dataset's vocabulary (e.g. golden_vase) as an attribute. A
// car's annotation is the car as a whole, with its colour and length. Annotations stream to
// disk; only the small image entries are held until the end.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tools/lib/records/formats/sample_record.h"
#include "util/atomic_file.h"

namespace railyard {

class CocoWriter {
 public:
  // masks: false writes annotations without segmentation (boxes, areas and labels only).
  CocoWriter(const std::filesystem::path& path, const std::string& description,
             const std::string& date, const std::string& version, bool masks = true);

  void add_sample(const SampleRecord& record);
  // Writes the image list and closes the file at its final path.
  void finish();

  std::uint64_t annotation_count() const { return next_annotation_id_ - 1; }

 private:
  void add_region(std::uint64_t image, PartKind category, const RegionAnnotation& region,
                  nlohmann::json attributes);

  AtomicFile file_;
  nlohmann::json images_ = nlohmann::json::array();
  std::uint64_t next_annotation_id_ = 1;
  bool masks_ = true;
};

}  // namespace railyard
