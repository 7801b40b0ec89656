// Warps from uniform random numbers to directions, and the orthonormal frame they are built in.
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <numbers>

namespace railyard::render::embree {

inline constexpr float kPi = std::numbers::pi_v<float>;
// Multiplying by it is cheaper than dividing by kPi (a division by a constant that is not a power
// of two stays a division without -ffast-math).
inline constexpr float kInvPi = std::numbers::inv_pi_v<float>;

// An orthonormal basis around a unit normal (Duff et al. 2017, branchless and robust).
struct LocalFrame {
  glm::vec3 s, t, n;

  explicit LocalFrame(const glm::vec3& normal) : n(normal) {
    float sign = std::copysign(1.0f, normal.z);
    float a = -1.0f / (sign + normal.z);
    float b = normal.x * normal.y * a;
    s = {1.0f + sign * normal.x * normal.x * a, sign * b, -sign * normal.x};
    t = {b, sign + normal.y * normal.y * a, -normal.y};
  }
  glm::vec3 to_local(const glm::vec3& v) const {
    return {glm::dot(v, s), glm::dot(v, t), glm::dot(v, n)};
  }
  glm::vec3 to_world(const glm::vec3& v) const { return v.x * s + v.y * t + v.z * n; }
};

// sin and cos of an angle in [-pi/4, pi/4] by their Taylor polynomials, accurate to float
// precision there (the next terms are below 4e-7): the samplers need no more, and libm's sincosf
// with its range reduction cost more than the rest of a direction.
inline glm::vec2 sin_cos_octant(float a) {
  float a2 = a * a;
  float s = a * (1.0f + a2 * (-1.0f / 6.0f + a2 * (1.0f / 120.0f + a2 * (-1.0f / 5040.0f))));
  float c =
      1.0f + a2 * (-0.5f + a2 * (1.0f / 24.0f + a2 * (-1.0f / 720.0f + a2 * (1.0f / 40320.0f))));
  return {s, c};
}

// (cos, sin) of 2 pi u for u in [0, 1]: the nearest quarter turn, then the octant polynomials.
// Selects rather than a switch: the quarter is random, so a branch on it would mispredict.
inline glm::vec2 cos_sin_turn(float u) {
  float quarters = 4.0f * u;
  float nearest = std::floor(quarters + 0.5f);
  glm::vec2 sc = sin_cos_octant((quarters - nearest) * (kPi / 2.0f));
  int quarter = static_cast<int>(nearest);
  bool odd = (quarter & 1) != 0;
  float cos_value = odd ? sc.x : sc.y;  // quarters 1 and 3 swap sin and cos
  float sin_value = odd ? sc.y : sc.x;
  float cos_sign = ((quarter + 1) & 2) != 0 ? -1.0f : 1.0f;  // quarters 1, 2
  float sin_sign = (quarter & 2) != 0 ? -1.0f : 1.0f;        // quarters 2, 3
  return {cos_sign * cos_value, sin_sign * sin_value};
}

// Cosine-weighted direction about +Z (Malley's method on a concentric disc); pdf = z / pi.
inline glm::vec3 sample_cosine_hemisphere(glm::vec2 u) {
  glm::vec2 d = 2.0f * u - 1.0f;
  if (d.x == 0.0f && d.y == 0.0f) return {0.0f, 0.0f, 1.0f};
  // The disc's octants: phi = pi/4 d.y/d.x about the x axis, or pi/2 - pi/4 d.x/d.y about the y
  // axis; selects, not branches, as the octant is random.
  bool about_x = std::abs(d.x) > std::abs(d.y);
  float r = about_x ? d.x : d.y;
  float other = about_x ? d.y : d.x;
  glm::vec2 sc = sin_cos_octant((kPi / 4.0f) * (other / r));
  float along = r * sc.y, across = r * sc.x;
  return {about_x ? along : across, about_x ? across : along,
          std::sqrt(std::max(0.0f, 1.0f - r * r))};
}

// Uniform direction within the cone of half-angle acos(cos_max) about +Z; pdf = 1 / solid angle.
inline glm::vec3 sample_uniform_cone(glm::vec2 u, float cos_max) {
  float cos_theta = 1.0f - u.x * (1.0f - cos_max);
  float sin_theta = std::sqrt(std::max(0.0f, 1.0f - cos_theta * cos_theta));
  glm::vec2 cs = cos_sin_turn(u.y);
  return {sin_theta * cs.x, sin_theta * cs.y, cos_theta};
}

// Multiple importance sampling: the power heuristic (beta = 2) for one sample of each strategy.
// Written with the ratio so that near-mirror lobes, whose densities square past the float range,
// still get the right weight.
inline float power_heuristic(float pdf, float other_pdf) {
  if (!(pdf > 0.0f)) return 0.0f;
  float r = other_pdf / pdf;
  return 1.0f / (1.0f + r * r);
}

// The power heuristic's weight divided by the sample's density, pdf / (pdf^2 + other^2), in one
// division. Densities large enough to square past the float range give 0, within 1e-19 of it.
inline float power_heuristic_over_pdf(float pdf, float other_pdf) {
  if (!(pdf > 0.0f)) return 0.0f;
  return pdf / (pdf * pdf + other_pdf * other_pdf);
}

}  // namespace railyard::render::embree
