// Amodal boxes: where all of a part's geometry lands in the image, occluded or not. Every vertex
// of every instance of the part goes through the camera's lens model (Camera::project's, so the
// fisheye is handled), and the extent is rounded out to whole pixels and clipped to the image.
#pragma once

#include <vector>

#include "renderer/scene.h"
#include "tools/lib/records/annotations/pixel_box.h"

namespace railyard {

// One box per part id 1..part_count, at index id - 1. A part wholly outside the image gets an
// empty box. Vertices behind a pinhole camera are skipped (train scenes never cross the camera
// plane). Throws std::invalid_argument when an instance carries an id above part_count.
std::vector<PixelBox> full_part_boxes(const render::Scene& scene, std::size_t part_count);

}  // namespace railyard
