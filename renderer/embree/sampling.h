// Warps from uniform random numbers to directions, and the orthonormal frame they are built in,
// for four paths at once (lanes.h).
#pragma once

#include <numbers>

#include "renderer/embree/lanes.h"

namespace railyard::render::embree {

inline constexpr float kPi = std::numbers::pi_v<float>;
// Multiplying by it is cheaper than dividing by kPi (a division by a constant that is not a power
// of two stays a division without -ffast-math).
inline constexpr float kInvPi = std::numbers::inv_pi_v<float>;

// An orthonormal basis around a unit normal (Duff et al. 2017, branchless and robust).
struct LocalFrame {
  Vec3s s, t, n;

  LocalFrame() = default;
  explicit LocalFrame(const Vec3s& normal) : n(normal) {
    Floats sign = stdx::copysign(Floats(1.0f), normal.z);
    Floats a = -1.0f / (sign + normal.z);
    Floats b = normal.x * normal.y * a;
    s = {1.0f + sign * normal.x * normal.x * a, sign * b, -sign * normal.x};
    t = {b, sign + normal.y * normal.y * a, -normal.y};
  }
  [[gnu::always_inline]] Vec3s to_local(const Vec3s& v) const {
    return {dot(v, s), dot(v, t), dot(v, n)};
  }
  [[gnu::always_inline]] Vec3s to_world(const Vec3s& v) const {
    return v.x * s + v.y * t + v.z * n;
  }
};

// sin and cos of an angle in [-pi/4, pi/4] by their Taylor polynomials, accurate to float
// precision there (the next terms are below 4e-7): the samplers need no more, and libm's sincosf
// with its range reduction cost more than the rest of a direction.
[[gnu::always_inline]] inline Vec2s sin_cos_octant(const Floats& a) {
  Floats a2 = a * a;
  Floats s = a * (1.0f + a2 * (-1.0f / 6.0f + a2 * (1.0f / 120.0f + a2 * (-1.0f / 5040.0f))));
  Floats c =
      1.0f + a2 * (-0.5f + a2 * (1.0f / 24.0f + a2 * (-1.0f / 720.0f + a2 * (1.0f / 40320.0f))));
  return {s, c};
}

// (cos, sin) of 2 pi u for u in [0, 1]: the nearest quarter turn, then the octant polynomials.
[[gnu::always_inline]] inline Vec2s cos_sin_turn(const Floats& u) {
  Floats quarters = 4.0f * u;
  Floats nearest = stdx::floor(quarters + 0.5f);
  Vec2s sc = sin_cos_octant((quarters - nearest) * (kPi / 2.0f));
  // The quarter, 0 to 4 (4 is quarter 0 again): quarters 1 and 3 swap sin and cos, cos is
  // negative in quarters 1 and 2, sin in quarters 2 and 3.
  Mask odd = nearest == 1.0f || nearest == 3.0f;
  Floats cos_value = select(odd, sc.x, sc.y);
  Floats sin_value = select(odd, sc.y, sc.x);
  Mask cos_negative = nearest == 1.0f || nearest == 2.0f;
  Mask sin_negative = nearest == 2.0f || nearest == 3.0f;
  return {select(cos_negative, -cos_value, cos_value), select(sin_negative, -sin_value, sin_value)};
}

// Cosine-weighted direction about +Z (Malley's method on a concentric disc); pdf = z / pi.
[[gnu::always_inline]] inline Vec3s sample_cosine_hemisphere(const Vec2s& u) {
  Floats dx = 2.0f * u.x - 1.0f, dy = 2.0f * u.y - 1.0f;
  // The disc's octants: phi = pi/4 d.y/d.x about the x axis, or pi/2 - pi/4 d.x/d.y about the y
  // axis.
  Mask about_x = stdx::abs(dx) > stdx::abs(dy);
  Floats r = select(about_x, dx, dy);
  Floats other = select(about_x, dy, dx);
  Mask centre = dx == 0.0f && dy == 0.0f;
  Vec2s sc = sin_cos_octant((kPi / 4.0f) * (other / select(centre, Floats(1.0f), r)));
  Floats along = r * sc.y, across = r * sc.x;
  Vec3s w{select(about_x, along, across), select(about_x, across, along),
          stdx::sqrt(max(Floats(0.0f), 1.0f - r * r))};
  return select(centre, Vec3s(glm::vec3(0.0f, 0.0f, 1.0f)), w);
}

// Uniform direction within the cone of half-angle acos(cos_max) about +Z; pdf = 1 / solid angle.
[[gnu::always_inline]] inline Vec3s sample_uniform_cone(const Vec2s& u, float cos_max) {
  Floats cos_theta = 1.0f - u.x * (1.0f - cos_max);
  Floats sin_theta = stdx::sqrt(max(Floats(0.0f), 1.0f - cos_theta * cos_theta));
  Vec2s cs = cos_sin_turn(u.y);
  return {sin_theta * cs.x, sin_theta * cs.y, cos_theta};
}

// Multiple importance sampling: the power heuristic (beta = 2) for one sample of each strategy.
// Written with the ratio so that near-mirror lobes, whose densities square past the float range,
// still get the right weight.
[[gnu::always_inline]] inline Floats power_heuristic(const Floats& pdf, const Floats& other_pdf) {
  Floats r = other_pdf / pdf;
  return select(pdf > 0.0f, 1.0f / (1.0f + r * r), Floats(0.0f));
}

// The power heuristic's weight divided by the sample's density, pdf / (pdf^2 + other^2), in one
// division. Densities large enough to square past the float range give 0, within 1e-19 of it.
[[gnu::always_inline]] inline Floats power_heuristic_over_pdf(const Floats& pdf,
                                                              const Floats& other_pdf) {
  return select(pdf > 0.0f, pdf / (pdf * pdf + other_pdf * other_pdf), Floats(0.0f));
}

}  // namespace railyard::render::embree
