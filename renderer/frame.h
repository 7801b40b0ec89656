// The passes of one rendered image, as every backend delivers them.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "util/image.h"

namespace railyard::render {

inline constexpr float kNoDepth = std::numeric_limits<float>::infinity();

// The passes of one image; a pass that was not requested is an empty (0 x 0) image.
struct Frame {
  Image<Rgb8> color;              // sRGB-encoded, anti-aliased
  Image<std::uint32_t> part_ids;  // Instance::part of the surface seen through the pixel centre
  Image<float> depth;             // metric distance from the camera centre; kNoDepth for sky
  // The part each sample of a pixel sees: image s holds every pixel's sample s, the same sample
  // positions in every frame of one size and sample count. A pixel's colour is made of its own
  // samples (path tracer) or of those of its 3x3 neighbourhood (raster: a tent filter of radius
  // one pixel), so two renders of a scene whose samples see the same parts differ in colour
  // only within one pixel of the samples that differ. The fisheye raster resamples cube faces:
  // there a pixel's samples are the centre ids of its 5x5 neighbourhood, an approximation.
  std::vector<Image<std::uint32_t>> part_samples;
};

}  // namespace railyard::render
