// Procedural albedo patterns of the ground (Material::pattern), evaluated from the world position
// so that every backend paints the same sand ripples and the same checker squares at the same
// places. renderer/opengl/shaders/pattern.glsl is the GLSL port of this file: the lattice hash is
// integer arithmetic, so both ports agree bit for bit on it.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>

#include "renderer/scene.h"

namespace railyard::render::pattern {

// Integer hash of a lattice point (the "lowbias32" finaliser after mixing both coordinates).
inline std::uint32_t hash(std::int32_t x, std::int32_t y) {
  std::uint32_t h =
      std::bit_cast<std::uint32_t>(x) * 0x8da6b343u ^ std::bit_cast<std::uint32_t>(y) * 0xd8163841u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}

// Uniform in [0,1) per lattice point.
inline float lattice_value(std::int32_t x, std::int32_t y) {
  return static_cast<float>(hash(x, y) >> 8) * (1.0f / 16777216.0f);
}

// Smoothly interpolated value noise in [0,1], one feature per unit.
inline float value_noise(glm::vec2 p) {
  glm::vec2 cell = glm::floor(p);
  glm::vec2 f = p - cell;
  glm::vec2 w = f * f * (3.0f - 2.0f * f);
  auto x = static_cast<std::int32_t>(cell.x);
  auto y = static_cast<std::int32_t>(cell.y);
  float a = lattice_value(x, y), b = lattice_value(x + 1, y);
  float c = lattice_value(x, y + 1), d = lattice_value(x + 1, y + 1);
  return glm::mix(glm::mix(a, b, w.x), glm::mix(c, d, w.x), w.y);
}

// Wind-blown sand: three octaves of noise plus ripples whose crests the noise bends.
// Returns the blend weight towards Material::pattern_color, in [0,1].
inline float sand(glm::vec2 world_xy, float scale) {
  glm::vec2 q = world_xy / scale;
  float n = (0.5f * value_noise(q) + 0.25f * value_noise(2.03f * q + 17.0f) +
             0.125f * value_noise(4.01f * q + 41.0f)) /
            0.875f;
  float ripple = 0.5f + 0.5f * std::sin(6.2831853f * (0.8f * q.x + 0.6f * q.y + 1.5f * n));
  return glm::clamp(0.65f * n + 0.35f * ripple * ripple, 0.0f, 1.0f);
}

// Squares of side `scale`, alternating between 0 and 1.
inline float checker(glm::vec2 world_xy, float scale) {
  glm::vec2 cell = glm::floor(world_xy / scale);
  return std::fmod(std::abs(cell.x + cell.y), 2.0f);
}

// The pattern's name in scene files and exports.
inline const char* name(Pattern pattern) {
  switch (pattern) {
    case Pattern::None: return "none";
    case Pattern::Sand: return "sand";
    case Pattern::Checker: return "checker";
  }
  return "none";
}

// The albedo a material shows at a world position.
inline glm::vec3 albedo(const Material& material, const glm::vec3& world) {
  glm::vec2 xy(world.x, world.y);
  switch (material.pattern) {
    case Pattern::None: return material.base_color;
    case Pattern::Sand:
      return glm::mix(material.base_color, material.pattern_color,
                      sand(xy, material.pattern_scale));
    case Pattern::Checker:
      return glm::mix(material.base_color, material.pattern_color,
                      checker(xy, material.pattern_scale));
  }
  return material.base_color;
}

}  // namespace railyard::render::pattern
