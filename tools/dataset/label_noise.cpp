#include "tools/dataset/label_noise.h"

#include "util/random.h"

namespace railyard {
namespace {
constexpr std::uint64_t kNoiseDomain = 0x6e6f'6973'6500'0002ULL;
}

bool label_flipped(std::uint64_t seed, std::uint64_t index, double noise) {
  if (noise <= 0.0) return false;
  RandomStream random(seed, index, 0, kNoiseDomain);
  return random.uniform() < noise;
}

Direction published_label(Direction true_label, std::uint64_t seed, std::uint64_t index,
                          double noise) {
  if (!label_flipped(seed, index, noise)) return true_label;
  return true_label == Direction::East ? Direction::West : Direction::East;
}

}  // namespace railyard
