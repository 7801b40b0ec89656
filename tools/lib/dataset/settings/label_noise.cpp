#include "tools/lib/dataset/settings/label_noise.h"

#include <cmath>

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

double SupervisionDecay::probability(double t) const {
  if (gamma == beta) return gamma;
  return gamma * std::exp(-std::log(gamma / beta) * t);
}

double SupervisionDecay::mean() const {
  double sigma = std::log(gamma / beta);
  double width = span[1] - span[0];
  if (gamma == beta || width <= 0.0) return probability(span[0]);
  return gamma / sigma * (std::exp(-sigma * span[0]) - std::exp(-sigma * span[1])) / width;
}

double SupervisionDecay::position(std::uint64_t index, std::uint64_t positions) const {
  if (positions <= 1) return span[0];
  return span[0] +
         (span[1] - span[0]) * static_cast<double>(index) / static_cast<double>(positions - 1);
}

}  // namespace railyard
