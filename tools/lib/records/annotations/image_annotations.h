// The per-image annotation pass: from a rendered Frame and the Scene it shows, every part's and
// every car's visible mask (COCO RLE), visible box and full (amodal) box. A car's region is the
// union of all its parts. One pass over the part id image builds all masks.
#pragma once

#include <cstdint>
#include <vector>

#include "renderer/renderer.h"
#include "scenes/part.h"
#include "tools/lib/records/annotations/pixel_box.h"
#include "tools/lib/records/annotations/rle.h"

namespace railyard {

struct RegionAnnotation {
  Rle mask;                // visible pixels
  PixelBox visible_box;    // tight box of the mask (pycocotools toBbox)
  PixelBox full_box;       // all geometry projected, clipped to the image; holds visible_box
  std::uint64_t area = 0;  // visible pixel count

  bool operator==(const RegionAnnotation&) const = default;
};

struct ImageAnnotations {
  std::vector<RegionAnnotation> parts;  // index = part id - 1 (Scene::parts order)
  std::vector<RegionAnnotation> cars;   // index = car position - 1; cars with no parts are empty
};

// Throws std::invalid_argument when the frame's size differs from the camera's, or the id image
// or an instance names a part the train scene does not have.
ImageAnnotations annotate_image(const render::Frame& frame, const TrainScene& train);

}  // namespace railyard
