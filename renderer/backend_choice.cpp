#include "renderer/backend_choice.h"

#include "renderer/embree/embree_renderer.h"
#include "renderer/opengl/opengl_renderer.h"

namespace railyard::render {

std::optional<Backend> parse_backend(std::string_view text) {
  if (text == "raster" || text == "opengl") return Backend::Raster;
  if (text == "pathtrace" || text == "embree") return Backend::Pathtrace;
  return std::nullopt;
}

std::string_view backend_name(Backend backend) {
  return backend == Backend::Raster ? "raster" : "pathtrace";
}

std::unique_ptr<Renderer> make_renderer(Backend backend, const BackendOptions& options) {
  if (backend == Backend::Raster) return make_opengl_renderer();
  EmbreeOptions embree;
  embree.threads = static_cast<int>(options.threads);
  return make_embree_renderer(embree);
}

}  // namespace railyard::render
