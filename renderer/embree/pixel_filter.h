// The pixel filter: where in and around a pixel its samples fall. Samples are placed with the
// filter's own distribution (filter importance sampling), so every sample weighs the same and a
// pixel is the plain average of its samples, as tone.h prescribes. The default is Cycles'
// Blackman-Harris of 1.5 pixels, the look V-LoL's images have.
#pragma once

#include <array>
#include <glm/glm.hpp>

namespace railyard::render::embree {

class PixelFilter {
 public:
  // width: the filter's support in pixels; 1 with `box` gives the raster backend's box.
  explicit PixelFilter(float width = 1.5f, bool box = false);
  // Offset from the pixel centre for two uniform numbers; within +-width/2 on each axis.
  glm::vec2 sample(glm::vec2 u) const { return {offset(u.x), offset(u.y)}; }

 private:
  static constexpr int kTableSize = 256;
  float offset(float u) const;

  std::array<float, kTableSize + 1> inverse_cdf_{};  // offsets at u = i / kTableSize
};

}  // namespace railyard::render::embree
