// Counter-based random streams. Every random decision of a dataset is drawn from a stream keyed by
// (seed, index, attempt), so train i is the same however many trains, threads or shards there are.
#pragma once

#include <cstdint>

namespace railyard {

// SplitMix64's finaliser: a bijective mix with full avalanche.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

class RandomStream {
 public:
  // Streams for different keys are independent; `domain` separates uses of the same index (the
  // train sampler, label noise, splits, ...).
  constexpr RandomStream(std::uint64_t seed, std::uint64_t index, std::uint64_t attempt = 0,
                         std::uint64_t domain = 0)
      : state_(mix64(mix64(mix64(mix64(seed) ^ index) ^ attempt) ^ domain)) {}

  constexpr std::uint64_t next_u64() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix64(state_);
  }
  // Uniform in [0, 1) with 53 bits: the top 53 bits of a draw.
  static constexpr double to_uniform(std::uint64_t draw) {
    return static_cast<double>(draw >> 11) * 0x1.0p-53;
  }
  constexpr double uniform() { return to_uniform(next_u64()); }
  // Uniform integer in [lo, hi], unbiased (Lemire's method).
  std::int64_t uniform_int(std::int64_t lo, std::int64_t hi) {
    std::uint64_t range = static_cast<std::uint64_t>(hi - lo) + 1;
    unsigned __int128 m = static_cast<unsigned __int128>(next_u64()) * range;
    std::uint64_t low = static_cast<std::uint64_t>(m);
    if (low < range) {
      std::uint64_t threshold = (0 - range) % range;
      while (low < threshold) {
        m = static_cast<unsigned __int128>(next_u64()) * range;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return lo + static_cast<std::int64_t>(m >> 64);
  }
  bool bernoulli(double p) { return uniform() < p; }

 private:
  std::uint64_t state_;
};

}  // namespace railyard
