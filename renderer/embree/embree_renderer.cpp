#include "renderer/embree/embree_renderer.h"

#include <embree3/rtcore_config.h>
#include <tbb/info.h>

#include <chrono>
#include <stdexcept>
#include <string>

#include "renderer/embree/device.h"
#include "renderer/embree/frame_render.h"
#include "renderer/embree/scene_bvh.h"
#include "renderer/embree/tiles.h"

namespace railyard::render {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

struct EmbreeRenderer::State {
  explicit State(const EmbreeOptions& o) : options(o) {}

  EmbreeOptions options;
  embree::Device device;
  EmbreeRenderStats stats;

  embree::IntegratorSettings integrator() const {
    return {options.max_bounces, options.russian_roulette_depth, options.dielectric_specular,
            options.sky_next_event, options.indirect_clamp};
  }

  embree::FrameSettings frame(const Scene& scene, const RenderOptions& render) const {
    if (render.samples < 0) {
      throw RendererError("samples per pixel must be >= 0 (0: the default), not " +
                          std::to_string(render.samples));
    }
    validate_camera(scene.camera);
    return {render.samples > 0 ? render.samples : options.samples,
            render.seed,
            render.image_index,
            options.threads,
            options.filter_width,
            render.passes};
  }

  // The frame's BVH, built on the render's own threads.
  std::unique_ptr<embree::SceneBvh> build(const Scene& scene) {
    auto start = Clock::now();
    std::unique_ptr<embree::SceneBvh> bvh;
    embree::run_in_arena(options.threads,
                         [&] { bvh = std::make_unique<embree::SceneBvh>(device, scene); });
    stats = {};
    stats.bvh_seconds = seconds_since(start);
    return bvh;
  }

  // One frame through `render_pass` (render_frame or render_linear), with its BVH and statistics.
  template <typename RenderPass>
  auto trace(const Scene& scene, const RenderOptions& render, RenderPass render_pass) {
    embree::FrameSettings settings = frame(scene, render);
    embree::IntegratorSettings integrator_settings = integrator();
    integrator_settings.local_lighting = render.local_lighting;
    auto bvh = build(scene);
    auto start = Clock::now();
    embree::RayCounts rays;
    auto result = render_pass(*bvh, scene, integrator_settings, settings, rays);
    record(rays, settings, scene, start);
    return result;
  }

  void record(const embree::RayCounts& rays, const embree::FrameSettings& settings,
              const Scene& scene, Clock::time_point start) {
    stats.trace_seconds = seconds_since(start);
    stats.rays = rays.closest + rays.shadow;
    stats.shadow_rays = rays.shadow;
    stats.samples = static_cast<std::uint64_t>(scene.camera.width) * scene.camera.height *
                    static_cast<std::uint64_t>(settings.samples);
  }
};

namespace {

void validate(const EmbreeOptions& options) {
  auto require = [](bool ok, const std::string& what) {
    if (!ok) throw RendererError("Embree renderer: " + what);
  };
  require(options.threads >= 0, "threads must be >= 0 (0: all cores)");
  require(options.max_bounces >= 0, "max_bounces must be >= 0");
  require(options.samples >= 1, "samples must be >= 1");
  require(options.filter_width > 0.0f, "filter_width must be > 0");
  require(options.russian_roulette_depth >= 1, "russian_roulette_depth must be >= 1");
  require(options.indirect_clamp >= 0.0f, "indirect_clamp must be >= 0 (0: no clamp)");
}

}  // namespace

EmbreeRenderer::EmbreeRenderer(const EmbreeOptions& options) {
  validate(options);
  state_ = std::make_unique<State>(options);
}

EmbreeRenderer::~EmbreeRenderer() = default;

std::string EmbreeRenderer::description() const {
  int threads =
      state_->options.threads > 0 ? state_->options.threads : tbb::info::default_concurrency();
  return "Embree " + std::to_string(RTC_VERSION_MAJOR) + "." + std::to_string(RTC_VERSION_MINOR) +
         "." + std::to_string(RTC_VERSION_PATCH) + " path tracer; " + std::to_string(threads) +
         " threads; " + std::to_string(state_->options.max_bounces) + " bounces; " +
         std::to_string(state_->options.samples) + " samples per pixel by default";
}

const EmbreeRenderStats& EmbreeRenderer::last_stats() const {
  return state_->stats;
}

Frame EmbreeRenderer::render(const Scene& scene, const RenderOptions& options) {
  // Tracing is drawing; the frame is in memory when it ends (no read-back).
  StageClock clock(options.times ? &options.times->draw : nullptr);
  return state_->trace(scene, options, embree::render_frame);
}

LinearFrame EmbreeRenderer::render_linear(const Scene& scene, const RenderOptions& options) {
  return state_->trace(scene, options, embree::render_linear);
}

std::unique_ptr<Renderer> make_embree_renderer(const EmbreeOptions& options) {
  return std::make_unique<EmbreeRenderer>(options);
}

}  // namespace railyard::render
