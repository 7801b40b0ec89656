// The backend the dataset and annotation tests render with: the raster where an EGL context can
// start, else the path tracer at few samples, so that these tests run everywhere instead of
// skipping. Which one was chosen is said once on stderr.
#pragma once

#include <cstdio>
#include <string>

#include "renderer/registry/backends.h"

namespace railyard::testing {

inline const std::string& test_backend() {
  static const std::string chosen = [] {
    try {
      render::make_renderer("raster");
      return std::string("raster");
    } catch (const render::RendererError& e) {
      std::fprintf(stderr, "tests render with the path tracer: no raster here (%s)\n", e.what());
      return std::string("pathtrace");
    }
  }();
  return chosen;
}

// Samples per pixel for test renders: the raster's default, or a few paths.
inline int test_samples() {
  return test_backend() == "raster" ? 0 : 2;
}

}  // namespace railyard::testing
