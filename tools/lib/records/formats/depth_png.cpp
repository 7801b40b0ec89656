#include "tools/lib/records/formats/depth_png.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace railyard {

Image<std::uint8_t> depth_png_image(const Image<float>& depth, float far_clip) {
  Image<std::uint8_t> out(depth.width, depth.height);
  if (depth.pixels.empty()) return out;
  auto clipped = [far_clip](float d) { return d < far_clip ? d : far_clip; };  // NaN -> far
  // The nearest and farthest depth, in eight independent lanes that the compiler vectorises (a
  // single running min would be one long dependency chain); min and max do not round.
  constexpr std::size_t kLanes = 8;
  std::array<float, kLanes> near, far;
  near.fill(far_clip);
  far.fill(-far_clip);
  const std::size_t n = depth.pixels.size();
  std::size_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (std::size_t k = 0; k < kLanes; ++k) {
      float c = clipped(depth.pixels[i + k]);
      near[k] = std::min(near[k], c);
      far[k] = std::max(far[k], c);
    }
  for (; i < n; ++i) {
    near[0] = std::min(near[0], clipped(depth.pixels[i]));
    far[0] = std::max(far[0], clipped(depth.pixels[i]));
  }
  float lo = *std::min_element(near.begin(), near.end());
  float hi = *std::max_element(far.begin(), far.end());
  float range = hi - lo;
  if (!(range > 0.0f)) return out;
  // float32 arithmetic and round-half-even, as V-LoL's numpy + OpenCV conversion. Adding and
  // taking away 1.5 * 2^23 rounds a float in [0, 2^22] to an integer, ties to even, as lrint does
  // in the default rounding mode, in a loop the compiler vectorises (lrint is a call per pixel).
  auto scale = static_cast<float>(255.0 / static_cast<double>(range));
  constexpr float kRound = 12582912.0f;  // 1.5 * 2^23
  for (i = 0; i < n; ++i) {
    float v = (clipped(depth.pixels[i]) - lo) * scale;  // in [0, 255] up to rounding
    float rounded = (v + kRound) - kRound;
    out.pixels[i] = static_cast<std::uint8_t>(std::clamp(rounded, 0.0f, 255.0f));
  }
  return out;
}

}  // namespace railyard
