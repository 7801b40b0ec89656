// Choosing a renderer backend by name: the one place that knows every backend, so commands and
// the dataset pipeline pick one with a single option.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "renderer/renderer.h"

namespace railyard::render {

enum class Backend { Raster, Pathtrace };

// "raster" (or "opengl") and "pathtrace" (or "embree").
std::optional<Backend> parse_backend(std::string_view text);
std::string_view backend_name(Backend backend);  // "raster", "pathtrace"

struct BackendOptions {
  unsigned threads = 0;  // path tracer threads; 0: all cores
};

// Throws RendererError when the backend cannot start (no EGL display, no Embree device).
std::unique_ptr<Renderer> make_renderer(Backend backend, const BackendOptions& options = {});

}  // namespace railyard::render
