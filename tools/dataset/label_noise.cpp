#include "tools/dataset/label_noise.h"

#include "util/random.h"

namespace railyard {
namespace {
constexpr std::uint64_t kNoiseDomain = 0x6e6f'6973'6500'0002ULL;
constexpr std::uint64_t kSupervisionDomain = 0x7375'7065'7200'0005ULL;
}  // namespace

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

bool label_given(std::uint64_t seed, std::uint64_t index, double supervision) {
  if (supervision >= 1.0) return true;
  RandomStream random(seed, index, 0, kSupervisionDomain);
  return random.uniform() < supervision;
}

}  // namespace railyard
