// CIELAB (D65) from sRGB and the CIE76 colour difference, to say how far apart two colours look:
// a Delta-E under about 2 is hard to see, 10 is plainly a different shade.
#pragma once

#include <cmath>
#include <glm/glm.hpp>

namespace railyard {

// sRGB in [0, 255] per channel (IEC 61966-2-1) to CIELAB L*, a*, b* with the D65 white.
inline glm::dvec3 srgb_to_lab(const glm::dvec3& srgb) {
  auto linear = [](double v) {
    v /= 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  glm::dvec3 c{linear(srgb.r), linear(srgb.g), linear(srgb.b)};
  // XYZ relative to the D65 white point (whose own XYZ divides each row).
  glm::dvec3 xyz{(0.4124564 * c.r + 0.3575761 * c.g + 0.1804375 * c.b) / 0.95047,
                 0.2126729 * c.r + 0.7151522 * c.g + 0.0721750 * c.b,
                 (0.0193339 * c.r + 0.1191920 * c.g + 0.9503041 * c.b) / 1.08883};
  auto f = [](double t) {
    constexpr double kDelta = 6.0 / 29.0;
    return t > kDelta * kDelta * kDelta ? std::cbrt(t) : t / (3.0 * kDelta * kDelta) + 4.0 / 29.0;
  };
  return {116.0 * f(xyz.y) - 16.0, 500.0 * (f(xyz.x) - f(xyz.y)), 200.0 * (f(xyz.y) - f(xyz.z))};
}

// CIE76 Delta-E between two sRGB colours: the distance of their CIELAB points.
inline double delta_e76(const glm::dvec3& srgb_a, const glm::dvec3& srgb_b) {
  return glm::length(srgb_to_lab(srgb_a) - srgb_to_lab(srgb_b));
}

}  // namespace railyard
