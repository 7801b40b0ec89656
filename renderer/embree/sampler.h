// Counter-based random numbers for the path tracer. Each sample of each pixel draws from its own
// stream keyed by (seed, image index, pixel, sample), so an image is the same byte for byte
// whatever the number of threads or the order of the tiles. The style is util/random.h's:
// SplitMix64 increments through the keyed state.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>

#include "util/random.h"

namespace railyard::render::embree {

class SampleStream {
 public:
  SampleStream() = default;
  SampleStream(std::uint64_t seed, std::uint64_t image_index, std::uint32_t pixel,
               std::uint32_t sample)
      : SampleStream(image_key(seed, image_index), pixel, sample) {}
  // The same stream from the part of its key that the seed and image fix, made once per frame
  // rather than once per sample.
  static std::uint64_t image_key(std::uint64_t seed, std::uint64_t image_index) {
    return mix64(mix64(seed ^ kDomain) ^ image_index);
  }
  SampleStream(std::uint64_t image_key, std::uint32_t pixel, std::uint32_t sample)
      : state_(mix64(image_key ^ (static_cast<std::uint64_t>(pixel) << 32 | sample))) {}

  // Uniform in [0, 1) with 24 bits, so 1 - u never rounds to 0 either.
  float next_1d() { return static_cast<float>(next_u64() >> 40) * 0x1.0p-24f; }
  // Two independent uniforms in [0, 1) from one draw.
  glm::vec2 next_2d() {
    std::uint64_t x = next_u64();
    return {static_cast<float>(x >> 40) * 0x1.0p-24f,
            static_cast<float>((x >> 8) & 0xffffffu) * 0x1.0p-24f};
  }

 private:
  // Separates the path tracer's streams from other users of the same seed.
  static constexpr std::uint64_t kDomain = 0x70617468'74726163ULL;  // "pathtrac"

  std::uint64_t next_u64() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix64(state_);
  }

  std::uint64_t state_ = 0;
};

}  // namespace railyard::render::embree
