// A whole image from the path tracer: each pixel's samples placed by the pixel filter, traced by
// the integrator and averaged as tone.h prescribes, plus the part-id and depth passes from the ray
// through each pixel centre.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>

#include "renderer/embree/embree_renderer.h"
#include "renderer/embree/integrator.h"
#include "renderer/embree/scene_bvh.h"
#include "renderer/renderer.h"

namespace railyard::render::embree {

struct FrameSettings {
  int samples = 64;  // per pixel
  std::uint64_t seed = 0;
  int image_index = 0;
  int threads = 0;            // 0: all cores
  float filter_width = 1.5f;  // Blackman-Harris support in pixels
  PassSet passes = PassSet::all();
};

// Colour (tone-mapped, sRGB bytes), part ids and metric depth; `rays` receives what was traced.
Frame render_frame(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& integrator,
                   const FrameSettings& settings, RayCounts& rays);

// Each pixel's mean over its samples of linear radiance and that mean through the view transform
// (display-linear, before the sRGB encoding), for tests and HDR output. Samples whose camera ray
// escapes count the background colour where the scene sets one.
LinearFrame render_linear(const SceneBvh& bvh, const Scene& scene,
                          const IntegratorSettings& integrator, const FrameSettings& settings,
                          RayCounts& rays);

}  // namespace railyard::render::embree
