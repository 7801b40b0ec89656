// V-LoL's view of a sample record: the scene object of one image (the entries of
// all_scenes.json), with the reference's defects fixed: every payload has its own box, the camera
// is stored, and each region has both boxes. Layout, in this key order:
//   base_scene, train_description (the distribution: MichalskiTrains | RandomTrains),
//   classification_rule, visualization, min_cars, max_cars, image_index, image_filename,
//   blender_filename, depth_map_filename, depth_exr_filename*, scene_filename* (the .glb in
//   scenes/, when written), angle, train (the description line), label*, camera*, car_masks
// car_masks = {loco, rail (when the scene has them), car_<pos>: {mask, b_box, b_box_visible*,
//   world_cord, part_id*, roof, wall, wheels, color: {label}, length: {label}, payload_<k>}}
// where roof, wall, wheels and payload_<k> are {label, mask, b_box, b_box_visible*, world_cord,
// part_id*}, the fields after label present only when the scene has that part (a car without a
// roof has roof: {label: "none"}). (* = not in V-LoL.)
//   mask: COCO compressed RLE {"size": [h, w], "counts": "..."} of the visible pixels.
//   b_box: [x, y, width, height], as V-LoL computes it: every vertex of the part projected, the
//     extent clipped to the image (an amodal box: it includes what is hidden).
//   b_box_visible: the box of the visible pixels (pycocotools toBbox of the mask).
//   world_cord: the part's centre in world units (a car's: its body's).
// Labels use V-LoL's Trains vocabulary (yellow, braced_wall, solid_roof, 3_wheels, golden_vase)
// whatever the representation, as V-LoL writes them: they name the train's descriptor values.
// true_label* follows car_masks when label noise changed the published label.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tools/lib/records/formats/sample_record.h"

namespace railyard {

// What every scene object of a dataset repeats.
struct VlolDataset {
  std::string distribution;         // MichalskiTrains | RandomTrains
  std::string classification_rule;  // theoryx, numerical, ..., or a custom rule's name
  std::string visualization;        // Trains | SimpleObjects
  int min_cars = 2;
  int max_cars = 4;
  bool masks = true;  // false: regions keep their boxes and labels, without "mask"
};

// Throws PartTreeError, a std::invalid_argument, when the record's parts do not fit its train (a
// car position or payload index the train lacks, two parts of one kind for one car; part_tree.h).
nlohmann::ordered_json vlol_scene_json(const SampleRecord& record, const VlolDataset& dataset);

}  // namespace railyard
