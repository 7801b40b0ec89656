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

unsigned RunSetup::writer_threads() const {
  return config.threads ? config.threads : default_threads();
}

std::string RunSetup::image_size() const {
  return config.high_res ? "1920x1080"
                         : std::to_string(config.width) + "x" + std::to_string(config.height);
}

}  // namespace railyard
