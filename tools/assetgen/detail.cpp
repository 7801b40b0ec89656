#include "tools/assetgen/detail.h"

#include <algorithm>
#include <cmath>

namespace railyard::assetgen {
namespace {

constexpr float kPi = 3.14159265358979f;
bool g_coarse = false;

// How far a circle of radius r lies outside the polygon of n segments inscribed in it.
float chord_error(float r, int n) {
  return r * (1.0f - std::cos(kPi / static_cast<float>(n)));
}

}  // namespace

CoarseDetail::CoarseDetail() {
  g_coarse = true;
}
CoarseDetail::~CoarseDetail() {
  g_coarse = false;
}

int round_segments(int full, float radius) {
  if (!g_coarse || full <= kMinRoundSegments) return full;
  int n = kMinRoundSegments;
  while (n < full && chord_error(radius, n) > kCoarseError) n += 2;
  return std::min(n, full);
}

Bevel bevel(float radius, int segments) {
  if (!g_coarse || radius <= 0.0f) return {radius, segments};
  // A sharp corner stands (sqrt(3) - 1) r off the rounded one; one facet per 45 degrees
  // leaves the arc by r (1 - cos 22.5 degrees).
  if ((std::sqrt(3.0f) - 1.0f) * radius <= kCoarseError) return {0.0f, segments};
  if (chord_error(radius, 8) <= kCoarseError) return {radius, 1};
  return {radius, segments};
}

}  // namespace railyard::assetgen
