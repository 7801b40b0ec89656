// From scene radiance to display bytes. Every backend ends with exactly these formulas so that a
// raster frame and a path-traced frame of the same scene look alike; renderer/opengl/shaders/
// tone.glsl is the GLSL port of this file. Per pixel:
//   1. each sample's radiance -> display_linear() (exposure, then the tone curve);
//      a ray that hits nothing takes Scene::background_color as it is, untouched by the curve;
//   2. the pixel's samples are averaged (linear light, so edges blend correctly);
//   3. encode() applies the sRGB transfer function and rounds to bytes.
// Mapping each sample before averaging keeps edges against bright highlights smooth.
//
// The tone curve is Khronos' PBR Neutral: base colours up to ~0.8 pass through nearly unchanged
// (car colours must stay recognisable) and highlights roll off towards white instead of clipping.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>

#include "util/image.h"

namespace railyard::render::tone {

// Scale from scene radiance to display-referred radiance before the tone curve.
inline constexpr float kExposure = 1.0f;

inline glm::vec3 pbr_neutral(glm::vec3 color) {
  constexpr float kStartCompression = 0.8f - 0.04f;
  constexpr float kDesaturation = 0.15f;
  float x = std::min(color.r, std::min(color.g, color.b));
  float offset = x < 0.08f ? x - 6.25f * x * x : 0.04f;
  color -= offset;
  float peak = std::max(color.r, std::max(color.g, color.b));
  if (peak < kStartCompression) return color;
  constexpr float d = 1.0f - kStartCompression;
  float new_peak = 1.0f - d * d / (peak + d - kStartCompression);
  color *= new_peak / peak;
  float g = 1.0f - 1.0f / (kDesaturation * (peak - new_peak) + 1.0f);
  return glm::mix(color, glm::vec3(new_peak), g);
}

// The sRGB opto-electronic transfer function (IEC 61966-2-1), linear [0,1] to encoded [0,1].
inline float srgb_encode(float linear) {
  linear = std::clamp(linear, 0.0f, 1.0f);
  return linear <= 0.0031308f ? 12.92f * linear : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
}

inline float srgb_decode(float encoded) {
  encoded = std::clamp(encoded, 0.0f, 1.0f);
  return encoded <= 0.04045f ? encoded / 12.92f : std::pow((encoded + 0.055f) / 1.055f, 2.4f);
}

// Round to nearest, as OpenGL stores a float into an 8-bit normalised channel.
inline std::uint8_t to_byte(float encoded) {
  return static_cast<std::uint8_t>(std::clamp(encoded, 0.0f, 1.0f) * 255.0f + 0.5f);
}

// Step 1: scene radiance of one sample to display-linear RGB in [0,1].
inline glm::vec3 display_linear(const glm::vec3& radiance, float exposure = kExposure) {
  return pbr_neutral(glm::max(radiance * exposure, glm::vec3(0.0f)));
}

// Step 3: a pixel's averaged display-linear RGB to sRGB bytes.
inline Rgb8 encode(const glm::vec3& display) {
  return {to_byte(srgb_encode(display.r)), to_byte(srgb_encode(display.g)),
          to_byte(srgb_encode(display.b))};
}

}  // namespace railyard::render::tone
