// The input of every exporter: the examples of a dataset, a suite variant or both sides of
// intervention pairs, as plain typed data that does not depend on how a dataset stores them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "logic/train.h"

namespace railyard::exports {

enum class PartKind : std::uint8_t { Locomotive, Rail, CarBody, Wall, Roof, Wheels, Payload };

// One part of one image as the annotation pass sees it (a V-LoL car_masks entry).
struct PartAnnotation {
  PartKind kind = PartKind::CarBody;
  int car = 0;        // car position 1..N; 0 for the locomotive and the rail
  int payload = -1;   // 0..load_count-1 for payloads, -1 otherwise
  std::string label;  // in the dataset's vocabulary: "yellow", "braced_wall", "3_wheels", ...
  std::array<int, 4> visible_box{};     // [x, y, w, h] of the visible pixels, all 0 when hidden
  std::array<int, 4> amodal_box{};      // [x, y, w, h] of all its geometry, clipped to the image
  std::uint64_t visible_area = 0;       // visible pixels
  std::array<float, 3> world_centre{};  // [x, y, z] in world units
  std::uint32_t part_id = 0;            // its value in the image's part-id mask (1-based)
};

struct Example {
  std::uint64_t index = 0;  // the dataset index i; keys the perception noise
  // The train's constant in the logic exports and its node id in scene graphs: a lower-case
  // letter, then letters, digits and '_' ("t12", "t12_cf"). Empty means "t<index>".
  std::string id;
  LabelledTrain train;  // label: the dataset's published label, exported as is
  std::string split;    // train, val, test, ...: the subfolder the example goes to
  std::string image;    // the image file name; with a part id it references a part's mask
  std::vector<PartAnnotation> parts;  // scene graphs only; empty when there are no images
};

// id, or "t<index>" when id is empty.
std::string example_id(const Example& example);

}  // namespace railyard::exports
