// From scene radiance to display bytes. Every backend ends with exactly these formulas so that a
// raster frame and a path-traced frame of the same scene look alike; renderer/opengl/shaders/
// tone.glsl is the GLSL port of this file. Per pixel:
//   1. display_linear() (exposure, then the view transform) maps radiance: the path tracer maps
//      the mean of the pixel's samples, as Cycles and Blender's view transform do, so that its
//      picture converges to theirs; the raster maps each of its few antialiasing samples, which
//      keeps edges against bright highlights smooth;
//      a ray that hits nothing takes Scene::background_color as it is, untouched by it;
//   2. the raster averages its mapped samples (linear light, so edges blend correctly);
//   3. encode() applies the sRGB transfer function and rounds to bytes.
//
// The view transform is Blender's "Standard", the one V-LoL's scene files render with (exposure 0,
// gamma 1, sRGB display): radiance is clipped to [0, 1], so base colours pass unchanged and a
// highlight that exceeds white is white, as in V-LoL's pictures.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>

#include "util/image.h"

namespace railyard::render::tone {

// Scale from scene radiance to display-referred radiance before the view transform.
inline constexpr float kExposure = 1.0f;

// Blender's Standard view transform: scene-linear to display-linear by clipping.
inline glm::vec3 standard_view(glm::vec3 color) {
  return glm::clamp(color, glm::vec3(0.0f), glm::vec3(1.0f));
}

// The sRGB opto-electronic transfer function (IEC 61966-2-1), linear [0,1] to encoded [0,1].
inline float srgb_encode(float linear) {
  linear = std::clamp(linear, 0.0f, 1.0f);
  return linear <= 0.0031308f ? 12.92f * linear : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
}

// Round to nearest, as OpenGL stores a float into an 8-bit normalised channel.
inline std::uint8_t to_byte(float encoded) {
  return static_cast<std::uint8_t>(std::clamp(encoded, 0.0f, 1.0f) * 255.0f + 0.5f);
}

// Step 1: scene radiance (a sample's, or a pixel's mean) to display-linear RGB in [0,1].
inline glm::vec3 display_linear(const glm::vec3& radiance, float exposure = kExposure) {
  return standard_view(radiance * exposure);
}

// Step 3: a pixel's averaged display-linear RGB to sRGB bytes.
inline Rgb8 encode(const glm::vec3& display) {
  return {to_byte(srgb_encode(display.r)), to_byte(srgb_encode(display.g)),
          to_byte(srgb_encode(display.b))};
}

}  // namespace railyard::render::tone
