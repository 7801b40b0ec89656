// Stratified random numbers for the path tracer: padded Sobol points (pbrt-v4's
// PaddedSobolSampler). Every dimension of a sample is a pair of values, the first two Sobol
// dimensions, whose order over a pixel's samples is shuffled by an Owen scramble of the sample's
// index (Burley, "Practical Hash-based Owen Scrambling", JCGT 2020) and whose bits are flipped by
// a random XOR, both keyed by (seed, image, pixel, dimension). So a pixel's first 2^k samples of
// one dimension form a (0,k,2)-net: one point in every elementary interval (1/2^k-wide strips,
// 1/2^i x 1/2^(k-i) boxes), which is what makes 64 samples of a sun's disc or a pixel's area
// converge faster than independent draws. The shuffles differ by dimension, so dimensions stay
// independent, and every point on its own is uniform, so estimates keep their expectation. (An
// Owen scramble of the values too would converge a little faster on smooth integrands and cost
// three times as much per draw: BENCHMARKS.md, issue #29.) Cycles samples with a stratified
// pattern too (progressive multi-jitter in Blender 3.4).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <glm/glm.hpp>

#include "util/random.h"

namespace railyard::render::embree {

namespace sobol_detail {

constexpr std::uint32_t reverse_bits(std::uint32_t x) {
  x = (x << 16) | (x >> 16);
  x = ((x & 0x00ff00ffu) << 8) | ((x >> 8) & 0x00ff00ffu);
  x = ((x & 0x0f0f0f0fu) << 4) | ((x >> 4) & 0x0f0f0f0fu);
  x = ((x & 0x33333333u) << 2) | ((x >> 2) & 0x33333333u);
  return ((x & 0x55555555u) << 1) | ((x >> 1) & 0x55555555u);
}

// An Owen scramble of a value held with its bits reversed (its most significant fraction bit in
// bit 0): each bit is flipped by a hash of the bits above it in the fraction, which here are the
// bits below it, and only those reach a bit through multiplication and addition. Nathan Vegdahl's
// constants (2021), which mix better than Laine and Karras' original ones.
constexpr std::uint32_t owen_scramble_reversed(std::uint32_t x, std::uint32_t seed) {
  x ^= x * 0x3d20adeau;
  x += seed;
  x *= (seed >> 16) | 1u;
  x ^= x * 0x05526c56u;
  x ^= x * 0x53a22864u;
  return x;
}

// Sobol's second dimension of an index, from the first dimension's value (the index's bits
// reversed) by bytes: its direction numbers are v_0 = 2^31, v_k = v_(k-1) ^ (v_(k-1) >> 1), and a
// value is the XOR of those of the index's set bits; bit j of the first dimension's value is index
// bit 31 - j.
struct SecondDimension {
  std::array<std::array<std::uint32_t, 256>, 4> by_byte{};
  constexpr SecondDimension() {
    std::array<std::uint32_t, 32> direction{};
    direction[0] = 1u << 31;
    for (int k = 1; k < 32; ++k) direction[k] = direction[k - 1] ^ (direction[k - 1] >> 1);
    for (int byte = 0; byte < 4; ++byte) {
      for (std::uint32_t value = 0; value < 256; ++value) {
        std::uint32_t sum = 0;
        for (int bit = 0; bit < 8; ++bit) {
          if (value >> bit & 1u) sum ^= direction[31 - (8 * byte + bit)];
        }
        by_byte[byte][value] = sum;
      }
    }
  }
  std::uint32_t from_first(std::uint32_t first) const {
    return by_byte[0][first & 0xffu] ^ by_byte[1][(first >> 8) & 0xffu] ^
           by_byte[2][(first >> 16) & 0xffu] ^ by_byte[3][first >> 24];
  }
};
inline constexpr SecondDimension kSecondDimension{};

// The top 24 bits as a float in [0, 1).
inline float unit_float(std::uint32_t x) {
  return static_cast<float>(x >> 8) * 0x1.0p-24f;
}

}  // namespace sobol_detail

// A pixel's points. The keys of each dimension are the same for all of the pixel's samples, so
// they are hashed once per pixel: a draw then costs one scramble and four table lookups.
class PaddedSobol {
 public:
  static constexpr std::uint32_t kMaxDimensions = 32;

  // A sample's index as draws use it.
  struct Sample {
    explicit Sample(std::uint32_t index) : reversed(sobol_detail::reverse_bits(index)) {}
    std::uint32_t reversed;
  };

  // Points of the first `dimensions` dimensions (at most kMaxDimensions).
  PaddedSobol(std::uint64_t seed, std::uint64_t image_index, std::uint32_t pixel,
              std::uint32_t dimensions = kMaxDimensions) {
    std::uint64_t pixel_key = mix64(mix64(mix64(seed ^ kDomain) ^ image_index) ^ pixel);
    for (std::uint32_t d = 0; d < std::min(dimensions, kMaxDimensions); ++d) {
      std::uint64_t key = mix64(pixel_key ^ d);
      keys_[d] = {static_cast<std::uint32_t>(key), static_cast<std::uint32_t>(key >> 32),
                  static_cast<std::uint32_t>(mix64(key) >> 32)};
    }
  }

  // The sample's point in `dimension` (below the constructor's `dimensions`), in [0, 1)^2.
  glm::vec2 get_2d(Sample sample, std::uint32_t dimension) const {
    const Keys& keys = keys_[dimension];
    std::uint32_t x = first_dimension(sample, keys);
    std::uint32_t y = sobol_detail::kSecondDimension.from_first(x);
    return {sobol_detail::unit_float(x ^ keys.x), sobol_detail::unit_float(y ^ keys.y)};
  }
  // The first value of get_2d(sample, dimension), for a dimension only ever drawn as one value.
  float get_1d(Sample sample, std::uint32_t dimension) const {
    const Keys& keys = keys_[dimension];
    return sobol_detail::unit_float(first_dimension(sample, keys) ^ keys.x);
  }

 private:
  // Separates these points from other users of the same seed.
  static constexpr std::uint64_t kDomain = 0x736f626f6c2d7074ULL;  // "sobol-pt"

  struct Keys {
    std::uint32_t shuffle, x, y;
  };

  // Sobol's first dimension at the sample's place in this dimension's order. That place is an
  // Owen scramble of the sample's index, which permutes every aligned block of 2^k indices among
  // themselves, so each power-of-two prefix of a pixel's samples stays a net; and the first
  // dimension is the place's bits reversed, which is what the scramble of the reversed index
  // returns.
  static std::uint32_t first_dimension(Sample sample, const Keys& keys) {
    return sobol_detail::owen_scramble_reversed(sample.reversed, keys.shuffle);
  }

  std::array<Keys, kMaxDimensions> keys_;
};

}  // namespace railyard::render::embree
