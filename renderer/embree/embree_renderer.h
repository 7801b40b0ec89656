// The path-tracing backend: Embree BVHs over the scene's meshes, unidirectional path tracing with
// next-event estimation for the sun and the sky, the raster backend's materials and view transform.
// Slower than raster, with the photographic look of V-LoL's Cycles renders (soft shadows,
// interreflections, metal that reflects the scene).
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <memory>
#include <string>

#include "renderer/renderer.h"
#include "util/image.h"

namespace railyard::render {

struct EmbreeOptions {
  int threads = 0;            // 0: all cores
  int max_bounces = 20;       // V-LoL renders with 20; 0 = direct light only
  int samples = 64;           // per pixel, when RenderOptions::samples is 0
  float filter_width = 1.5f;  // Blackman-Harris pixel filter, pixels (Cycles' default)
  // Bounces before Russian roulette may end a path; more: less noise in dark interreflections.
  int russian_roulette_depth = 3;
  // false: non-metals are pure Lambert without their 4% specular coat. For tests whose analytic
  // answers assume Lambert (the furnace); images keep the default.
  bool dielectric_specular = true;
  // Sample the sky directly at every path vertex (a shadow ray each), combined with BSDF sampling
  // by MIS; off: only BSDF sampling finds the sky. Off is faster per sample, noisier per sample.
  bool sky_next_event = true;
  // Light from a path's second vertex on is limited to this in its brightest channel, as Cycles'
  // "clamp indirect" (Blender's default, 10); 0: no limit, unbiased but with lasting specks.
  float indirect_clamp = 10.0f;
};

// A frame before it becomes bytes: per pixel, the mean of its samples' linear radiance and that
// mean's display-linear colour (tone.h, before the sRGB encoding).
struct LinearFrame {
  Image<glm::vec3> radiance;
  Image<glm::vec3> display;
};

// What the last render did, for throughput figures.
struct EmbreeRenderStats {
  std::uint64_t rays = 0;         // all rays traced: camera, path extension and shadow rays
  std::uint64_t shadow_rays = 0;  // of which shadow (any-hit) rays
  std::uint64_t samples = 0;      // paths: pixels x samples per pixel
  double bvh_seconds = 0.0;       // building the frame's BVH (and any new meshes')
  double trace_seconds = 0.0;     // the pixels
};

class EmbreeRenderer final : public Renderer {
 public:
  // Throws RendererError when Embree cannot start or an option is out of range.
  explicit EmbreeRenderer(const EmbreeOptions& options = {});
  ~EmbreeRenderer() override;

  std::string_view name() const override { return "pathtrace"; }
  // Embree's version, the thread count, bounces and default samples.
  std::string description() const override;
  // Not thread-safe: one render at a time per renderer (it uses all cores itself).
  Frame render(const Scene& scene, const RenderOptions& options) override;
  // The colour before it becomes bytes (tests, HDR output); no passes.
  LinearFrame render_linear(const Scene& scene, const RenderOptions& options);
  const EmbreeRenderStats& last_stats() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

std::unique_ptr<Renderer> make_embree_renderer(const EmbreeOptions& options = {});

}  // namespace railyard::render
