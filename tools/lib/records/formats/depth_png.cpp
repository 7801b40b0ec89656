#include "tools/lib/records/formats/depth_png.h"

#include <algorithm>
#include <cmath>

namespace railyard {

Image<std::uint8_t> depth_png_image(const Image<float>& depth, float far_clip) {
  Image<std::uint8_t> out(depth.width, depth.height);
  if (depth.pixels.empty()) return out;
  auto clipped = [far_clip](float d) { return d < far_clip ? d : far_clip; };  // NaN -> far
  float lo = far_clip, hi = -far_clip;
  for (float d : depth.pixels) {
    float c = clipped(d);
    lo = std::min(lo, c);
    hi = std::max(hi, c);
  }
  float range = hi - lo;
  if (!(range > 0.0f)) return out;
  // float32 arithmetic and round-half-even, as V-LoL's numpy + OpenCV conversion.
  auto scale = static_cast<float>(255.0 / static_cast<double>(range));
  for (std::size_t i = 0; i < depth.pixels.size(); ++i) {
    float v = (clipped(depth.pixels[i]) - lo) * scale;
    out.pixels[i] = static_cast<std::uint8_t>(std::clamp(std::lrint(v), 0L, 255L));
  }
  return out;
}

}  // namespace railyard
