// The framebuffers the passes draw into, sized for one output and recreated only when the size
// or the sample count changes (no per-frame allocations).
#pragma once

#include <array>

#include "renderer/opengl/gl_objects.h"

namespace railyard::render {

// Depth seen from the sun.
struct ShadowTarget {
  int size = 0;
  GlObject depth;  // DEPTH_COMPONENT32F texture
  GlObject framebuffer;
  explicit ShadowTarget(int size);
};

// The multisampled scene pass of one square or rectangular view.
struct SceneTarget {
  int width = 0, height = 0, samples = 0;
  GlObject display;  // RGBA16F: display-linear colour per sample
  GlObject part;     // R32UI: part id per sample
  GlObject depth;    // DEPTH_COMPONENT32F, reversed
  GlObject framebuffer;
  SceneTarget(int width, int height, int samples);
};

// What the resolve pass writes for the output image: sRGB bytes and (part id, distance bits).
struct OutputTarget {
  GlObject srgb;        // RGBA8
  GlObject part_depth;  // RG32UI
  GlObject framebuffer;
  OutputTarget(int width, int height);
};

// A cube map around the camera for the fisheye lens: each face drawn into `face`, resolved into
// its layer of the cubes, then resampled along the lens's rays into `output`.
struct CubeTargets {
  int face_size = 0, width = 0, height = 0;
  SceneTarget face;
  GlObject display_cube;     // RGBA16F, display-linear
  GlObject part_depth_cube;  // RG32UI
  std::array<GlObject, 6> face_framebuffers;
  OutputTarget output;
  CubeTargets(int face_size, int samples, int width, int height);
};

}  // namespace railyard::render
