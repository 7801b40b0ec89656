#include "renderer/embree/pixel_filter.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace railyard::render::embree {
namespace {

// The 4-term Blackman-Harris window over t in [0, 1].
double blackman_harris(double t) {
  constexpr double a0 = 0.35875, a1 = 0.48829, a2 = 0.14128, a3 = 0.01168;
  constexpr double two_pi = 2.0 * 3.14159265358979323846;
  return a0 - a1 * std::cos(two_pi * t) + a2 * std::cos(2.0 * two_pi * t) -
         a3 * std::cos(3.0 * two_pi * t);
}

}  // namespace

PixelFilter::PixelFilter(float width, bool box) {
  // The 1D filter's CDF on a fine grid, then inverted at evenly spaced probabilities.
  constexpr int kSteps = 4096;
  std::vector<double> cdf(kSteps + 1, 0.0);
  for (int i = 0; i < kSteps; ++i) {
    double t = (i + 0.5) / kSteps;
    cdf[i + 1] = cdf[i] + (box ? 1.0 : blackman_harris(t));
  }
  int step = 0;
  for (int k = 0; k <= kTableSize; ++k) {
    double target = cdf[kSteps] * k / kTableSize;
    while (step < kSteps - 1 && cdf[step + 1] < target) ++step;
    double span = cdf[step + 1] - cdf[step];
    double t = (step + (span > 0.0 ? (target - cdf[step]) / span : 0.0)) / kSteps;
    inverse_cdf_[k] = static_cast<float>((t - 0.5) * width);
  }
}

float PixelFilter::offset(float u) const {
  float x = u * kTableSize;
  int i = std::min(static_cast<int>(x), kTableSize - 1);
  return glm::mix(inverse_cdf_[i], inverse_cdf_[i + 1], x - static_cast<float>(i));
}

}  // namespace railyard::render::embree
