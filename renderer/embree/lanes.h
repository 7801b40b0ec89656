// Lanes: the path tracer shades four paths at once, one per SIMD lane. Four floats fill an SSE
// register, x86-64's baseline, so every machine runs the same instructions and writes the same
// bytes. Each lane computes exactly what scalar code of the same formulas would (no fused
// multiply-add, no reassociation), so a path's result depends neither on its lane nor on its
// neighbours. Branches become masks and selects.
#pragma once

#include <experimental/simd>
#include <glm/glm.hpp>

namespace railyard::render::embree {

namespace stdx = std::experimental;

inline constexpr int kLanes = 4;
using Floats = stdx::simd<float, stdx::simd_abi::deduce_t<float, kLanes>>;
using Mask = Floats::mask_type;

// a where `mask`, b elsewhere.
[[gnu::always_inline]] inline Floats select(const Mask& mask, const Floats& a, Floats b) {
  stdx::where(mask, b) = a;
  return b;
}
[[gnu::always_inline]] inline Floats max(const Floats& a, const Floats& b) {
  return stdx::max(a, b);
}
[[gnu::always_inline]] inline Floats min(const Floats& a, const Floats& b) {
  return stdx::min(a, b);
}
[[gnu::always_inline]] inline Floats clamp(const Floats& x, float low, float high) {
  return min(max(x, Floats(low)), Floats(high));
}

// A 3-vector per lane, stored as three registers (x, y, z), with glm's operations in glm's order.
struct Vec3s {
  Floats x, y, z;

  Vec3s() = default;
  Vec3s(Floats x_, Floats y_, Floats z_) : x(x_), y(y_), z(z_) {}
  explicit Vec3s(const glm::vec3& v) : x(v.x), y(v.y), z(v.z) {}  // the same in every lane
  explicit Vec3s(float v) : x(v), y(v), z(v) {}
  explicit Vec3s(const Floats& v) : x(v), y(v), z(v) {}  // v in all three components

  glm::vec3 lane(int i) const { return {x[i], y[i], z[i]}; }
  void set_lane(int i, const glm::vec3& v) {
    x[i] = v.x;
    y[i] = v.y;
    z[i] = v.z;
  }

  [[gnu::always_inline]] Vec3s operator-() const { return {-x, -y, -z}; }
  [[gnu::always_inline]] Vec3s& operator+=(const Vec3s& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  [[gnu::always_inline]] Vec3s& operator*=(const Vec3s& o) {
    x *= o.x;
    y *= o.y;
    z *= o.z;
    return *this;
  }
};

[[gnu::always_inline]] inline Vec3s operator+(const Vec3s& a, const Vec3s& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
[[gnu::always_inline]] inline Vec3s operator-(const Vec3s& a, const Vec3s& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
[[gnu::always_inline]] inline Vec3s operator*(const Vec3s& a, const Vec3s& b) {
  return {a.x * b.x, a.y * b.y, a.z * b.z};
}
[[gnu::always_inline]] inline Vec3s operator*(const Vec3s& a, const Floats& s) {
  return {a.x * s, a.y * s, a.z * s};
}
[[gnu::always_inline]] inline Vec3s operator*(const Floats& s, const Vec3s& a) {
  return {s * a.x, s * a.y, s * a.z};
}
[[gnu::always_inline]] inline Vec3s operator/(const Vec3s& a, const Floats& s) {
  return {a.x / s, a.y / s, a.z / s};
}

[[gnu::always_inline]] inline Floats dot(const Vec3s& a, const Vec3s& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
[[gnu::always_inline]] inline Vec3s cross(const Vec3s& a, const Vec3s& b) {
  return {a.y * b.z - b.y * a.z, a.z * b.x - b.z * a.x, a.x * b.y - b.x * a.y};
}
[[gnu::always_inline]] inline Vec3s normalize(const Vec3s& v) {
  return v * (1.0f / stdx::sqrt(dot(v, v)));
}
// i mirrored about the unit normal n.
[[gnu::always_inline]] inline Vec3s reflect(const Vec3s& i, const Vec3s& n) {
  return i - n * dot(n, i) * 2.0f;
}
[[gnu::always_inline]] inline Vec3s select(const Mask& mask, const Vec3s& a, const Vec3s& b) {
  return {select(mask, a.x, b.x), select(mask, a.y, b.y), select(mask, a.z, b.z)};
}
[[gnu::always_inline]] inline Floats max_component(const Vec3s& c) {
  return max(c.x, max(c.y, c.z));
}

// Two numbers per lane: a 2D sample.
struct Vec2s {
  Floats x, y;
};

}  // namespace railyard::render::embree
