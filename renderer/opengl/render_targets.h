// The framebuffers the passes draw into, sized for one output and recreated only when the size
// or the sample count changes (no per-frame allocations).
#pragma once

#include <array>

#include "renderer/opengl/gl_objects.h"

namespace railyard::render {

// Pass::PartSamples stores four 16-bit part ids to an RGBA16UI texel: one layer, and one draw
// buffer, per four samples.
constexpr int part_sample_layers(int samples) {
  return (samples + 3) / 4;
}

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
  GlObject surface;  // RG32UI multisampled, see shaders/surface_record.glsl
  GlObject depth;    // DEPTH_COMPONENT32F multisampled, reversed
  GlObject geometry_framebuffer;
  GlObject colour;   // RGBA16F 2D array of `samples` layers: display-linear, filtered bilinearly
  GlObject stencil;  // STENCIL_INDEX8: which pixels the lighting pass has shaded so far
  GlObject lighting_framebuffer;
  // Every sample's part id, four to an RGBA16UI texel, a layer per four samples (Pass::
  // PartSamples); the lighting pass writes them beside the colour layers when asked.
  GlObject part_samples;
  GlObject part_samples_framebuffer;  // lighting_framebuffer's attachments plus those layers
  // `samples` must not exceed GL_MAX_DRAW_BUFFERS.
  ViewTarget(int width, int height, int samples);
  // Makes part_samples and its framebuffer, once; samples + layers must not exceed
  // GL_MAX_DRAW_BUFFERS.
  void add_part_samples();
};

// What the resolve pass writes for the output image: sRGB bytes and (part id, distance bits);
// on request also every sample's part id (Pass::PartSamples), four to an RGBA16UI texel.
struct OutputTarget {
  int width = 0, height = 0;
  GlObject srgb;        // RGBA8
  GlObject part_depth;  // RG32UI
  GlObject framebuffer;
  GlObject part_samples;  // RGBA16UI 2D array, a layer per four samples; made when first asked
  GlObject part_samples_framebuffer;  // the two above plus the layers
  int part_sample_count = 0;
  OutputTarget(int width, int height);
  // The framebuffer whose resolve also writes the part samples of `samples` samples.
  GLuint with_part_samples(int samples);
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
