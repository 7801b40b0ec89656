// Where the samples of the multisample pattern lie, and how the passes use them: one sample is
// moved onto the pixel centre's ray (part ids and depth are read from it exactly), and the
// resolve pass filters each sample's layer of colours bilinearly around that centre.
#pragma once

#include <glm/glm.hpp>
#include <vector>

namespace railyard::render {

struct SamplePattern {
  int samples = 0;
  int centre_sample = 0;                 // the sample nearest the pixel centre
  glm::vec2 shift_px{0.0f};              // moves that sample onto the pixel centre's ray
  std::vector<glm::vec2> sample_offset;  // per sample: window pixels from the pixel's centre
  std::vector<glm::vec2> tap_offset;     // per sample: pixels from a pixel's corner to filter at
};

// The pattern of the multisampled framebuffer bound for drawing (positions are queried from it).
// A tent of radius one pixel around the centre sample, over the grid that sample i forms across
// pixels, is bilinear interpolation of that grid at the centre: tap_offset[i] places the lookup.
SamplePattern make_sample_pattern(int samples);

}  // namespace railyard::render
