// Confidence intervals for a proportion: Wilson's score interval, which stays inside [0, 1] and
// behaves at shares near 0 and 1, where the normal approximation does not.
#pragma once

#include <cmath>
#include <cstddef>

namespace railyard {

struct Interval {
  double low = 0.0, high = 1.0;
  bool contains(double x) const { return low <= x && x <= high; }
  bool inside(double lo, double hi) const { return lo <= low && high <= hi; }
};

// z = 1.96 for 95%, 2.576 for 99%. An empty sample knows nothing: [0, 1].
inline Interval wilson_interval(std::size_t successes, std::size_t n, double z = 1.96) {
  if (n == 0) return {};
  double N = static_cast<double>(n), p = static_cast<double>(successes) / N, z2 = z * z;
  double centre = (p + z2 / (2 * N)) / (1 + z2 / N);
  double half = z / (1 + z2 / N) * std::sqrt(p * (1 - p) / N + z2 / (4 * N * N));
  return {std::fmax(0.0, centre - half), std::fmin(1.0, centre + half)};
}

// The z of a two-sided interval of this confidence (0.95 -> 1.96), by bisection on erfc.
inline double z_for_confidence(double confidence) {
  double lo = 0.0, hi = 40.0;
  for (int i = 0; i < 100; ++i) {
    double mid = (lo + hi) / 2;
    (std::erfc(mid / std::sqrt(2.0)) > 1.0 - confidence ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

}  // namespace railyard
