// Warps from uniform random numbers to directions, and the orthonormal frame they are built in.
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <numbers>

namespace railyard::render::embree {

inline constexpr float kPi = std::numbers::pi_v<float>;

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

// Cosine-weighted direction about +Z (Malley's method on a concentric disc); pdf = z / pi.
inline glm::vec3 sample_cosine_hemisphere(glm::vec2 u) {
  glm::vec2 d = 2.0f * u - 1.0f;
  float r, phi;
  if (d.x == 0.0f && d.y == 0.0f) return {0.0f, 0.0f, 1.0f};
  if (std::abs(d.x) > std::abs(d.y)) {
    r = d.x;
    phi = (kPi / 4.0f) * (d.y / d.x);
  } else {
    r = d.y;
    phi = kPi / 2.0f - (kPi / 4.0f) * (d.x / d.y);
  }
  glm::vec2 p = r * glm::vec2(std::cos(phi), std::sin(phi));
  return {p.x, p.y, std::sqrt(std::max(0.0f, 1.0f - glm::dot(p, p)))};
}

// Uniform direction within the cone of half-angle acos(cos_max) about +Z; pdf = 1 / solid angle.
inline glm::vec3 sample_uniform_cone(glm::vec2 u, float cos_max) {
  float cos_theta = 1.0f - u.x * (1.0f - cos_max);
  float sin_theta = std::sqrt(std::max(0.0f, 1.0f - cos_theta * cos_theta));
  float phi = 2.0f * kPi * u.y;
  return {sin_theta * std::cos(phi), sin_theta * std::sin(phi), cos_theta};
}

// Multiple importance sampling: the power heuristic (beta = 2) for one sample of each strategy.
// Written with the ratio so that near-mirror lobes, whose densities square past the float range,
// still get the right weight.
inline float power_heuristic(float pdf, float other_pdf) {
  if (!(pdf > 0.0f)) return 0.0f;
  float r = other_pdf / pdf;
  return 1.0f / (1.0f + r * r);
}

}  // namespace railyard::render::embree
