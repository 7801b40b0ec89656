// Amodal boxes: where all of a part's geometry lands in the image, occluded or not. Every vertex
// of every instance of the part goes through the camera's lens model (Camera::project's, so the
// fisheye is handled), and the extent is rounded out to whole pixels and clipped to the image.
#pragma once

#include <vector>

#include "renderer/annotations/pixel_box.h"
#include "renderer/scene.h"

namespace railyard::render {

// One box per part, index = part id - 1 (Scene::parts order). A part wholly outside the image
// gets an empty box. Vertices behind a pinhole camera are skipped (train scenes never cross the
// camera plane).
std::vector<PixelBox> full_part_boxes(const Scene& scene);

}  // namespace railyard::render
