#include "renderer/viewer/false_colour.h"

#include <algorithm>
#include <cmath>

namespace railyard::render {

Rgb8 part_colour(std::uint32_t part) {
  if (part == 0) return {};
  std::uint32_t h = part * 2654435761u;  // Knuth's multiplicative hash spreads neighbours apart
  h ^= h >> 15;
  auto channel = [&](int shift) { return static_cast<std::uint8_t>(64 + ((h >> shift) % 192)); };
  return {channel(0), channel(8), channel(16)};
}

Image<Rgb8> false_colour_parts(const Image<std::uint32_t>& parts) {
  Image<Rgb8> out(parts.width, parts.height);
  std::transform(parts.pixels.begin(), parts.pixels.end(), out.pixels.begin(), part_colour);
  return out;
}

Image<Rgb8> grey_depth(const Image<float>& depth) {
  float lo = INFINITY, hi = -INFINITY;
  for (float d : depth.pixels) {
    if (std::isfinite(d)) lo = std::min(lo, d), hi = std::max(hi, d);
  }
  float range = std::max(hi - lo, 1e-6f);
  Image<Rgb8> out(depth.width, depth.height);
  for (std::size_t i = 0; i < depth.pixels.size(); ++i) {
    float d = depth.pixels[i];
    if (!std::isfinite(d)) continue;
    auto v = static_cast<std::uint8_t>(255.0f - 215.0f * (d - lo) / range);
    out.pixels[i] = {v, v, v};
  }
  return out;
}

}  // namespace railyard::render
