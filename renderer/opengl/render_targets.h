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

// One view (the pinhole image or a cube face): the multisampled geometry pass, and the colour of
// every sample the lighting pass writes from it, one layer per sample for the resolve filter.
struct ViewTarget {
  int width = 0, height = 0, samples = 0;
  GlObject surface;  // RGBA32UI multisampled, see shaders/surface.frag
  GlObject depth;    // DEPTH_COMPONENT32F multisampled, reversed
  GlObject geometry_framebuffer;
  GlObject colour;   // RGBA16F 2D array of `samples` layers: display-linear, filtered bilinearly
  GlObject stencil;  // STENCIL_INDEX8: which pixels the lighting pass has shaded so far
  GlObject lighting_framebuffer;
  // `samples` must not exceed GL_MAX_DRAW_BUFFERS.
  ViewTarget(int width, int height, int samples);
};

// What the resolve pass writes for the output image: sRGB bytes and (part id, distance bits).
struct OutputTarget {
  GlObject srgb;        // RGBA8
  GlObject part_depth;  // RG32UI
  GlObject framebuffer;
  OutputTarget(int width, int height);
};

// The part id of every sample of the pinhole view, one R32UI layer per sample, for reading back.
struct PartSamplesTarget {
  int width = 0, height = 0, samples = 0;
  GlObject layers;  // R32UI 2D array of `samples` layers
  GlObject framebuffer;
  PartSamplesTarget(int width, int height, int samples);
};

// A cube map around the camera for the fisheye lens: each face drawn into `face`, resolved into
// its layer of the cubes, then resampled along the lens's rays into `output`.
struct CubeTargets {
  int face_size = 0, width = 0, height = 0;
  ViewTarget face;
  GlObject display_cube;     // RGBA16F, display-linear
  GlObject part_depth_cube;  // RG32UI
  std::array<GlObject, 6> face_framebuffers;
  OutputTarget output;
  CubeTargets(int face_size, int samples, int width, int height);
};

}  // namespace railyard::render
