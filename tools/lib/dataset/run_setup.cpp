#include "tools/lib/dataset/run_setup.h"

#include "renderer/registry/backends.h"
#include "tools/lib/dataset/rule_loading.h"

namespace railyard {

RunSetup::RunSetup(const DatasetConfig& config, const DatasetInputs& inputs, RendererStart start)
    : config(config),
      inputs(inputs),
      scene(load_scene_context(config, inputs)),
      settings(sample_settings(config)) {
  if (start == RendererStart::Now) renderer();
}

render::Renderer& RunSetup::renderer() {
  if (!renderer_) renderer_ = render::make_renderer(config.backend, backend_settings(config));
  return *renderer_;
}

void RunSetup::abandon_renderer() {
  (void)renderer_.release();
}

unsigned RunSetup::render_threads() {
  // One unless the config says: on llvmpipe and the path tracer one frame takes every core; on
  // an H200 (EGL device platform) four producing threads, each with its own context, wrote 113
  // images/s where one wrote 474 (BENCHMARKS.md, 2026-11-29): several contexts are not faster yet.
  return config.render_threads ? config.render_threads : 1;
}

render::Renderer& RunSetup::extra_renderer(unsigned k) {
  if (extra_renderers_.size() < k) extra_renderers_.resize(k);
  auto& made = extra_renderers_[k - 1];
  if (!made) {
    made = render::make_renderer(config.backend, backend_settings(config));
    made->release_thread();
  }
  return *made;
}

unsigned RunSetup::writer_threads() const {
  return config.threads ? config.threads : default_threads();
}

std::string RunSetup::image_size() const {
  return config.high_res ? "1920x1080"
                         : std::to_string(config.width) + "x" + std::to_string(config.height);
}

}  // namespace railyard
