// A COCO instances file for detection and segmentation training, a view of the sample records:
// one category per part kind (locomotive, rail, car, wall, roof, wheels, payload), one annotation
// per visible region with its RLE segmentation, visible box (bbox), amodal box (bbox_amodal) and
// area, and the part's label in the dataset's vocabulary (e.g. golden_vase) as an attribute. A
// car's annotation is the car as a whole, with its colour and length. Annotations stream to
// disk; only the small image entries are held until the end.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/lib/records/formats/sample_record.h"
#include "util/atomic_file.h"

namespace railyard {

// One sample's entries of a COCO file, made apart from the writer (on any thread: this is most
// of the file's work): its image entry, and each annotation's text before and after its id,
// which only the writer knows, numbering annotations in the order they are added.
struct CocoSample {
  struct Annotation {
    std::string before_id, after_id;
  };
  std::string image;
  std::vector<Annotation> annotations;
};

// masks: false leaves out the segmentation (boxes, areas and labels only).
CocoSample coco_sample(const SampleRecord& record, bool masks);

class CocoWriter {
 public:
  // masks: false writes annotations without segmentation (boxes, areas and labels only).
  CocoWriter(const std::filesystem::path& path, const std::string& description,
             const std::string& date, const std::string& version, bool masks = true);

  void add_sample(const SampleRecord& record) { add(coco_sample(record, masks_)); }
  // A sample made by coco_sample with this writer's `masks`.
  void add(const CocoSample& sample);
  // Writes the image list and closes the file at its final path.
  void finish();

  bool masks() const { return masks_; }
  std::uint64_t annotation_count() const { return next_annotation_id_ - 1; }

 private:
  AtomicFile file_;
  std::vector<std::string> images_;
  std::uint64_t next_annotation_id_ = 1;
  bool masks_ = true;
};

}  // namespace railyard
