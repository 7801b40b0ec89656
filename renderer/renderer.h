// The renderer interface: a scene in, a colour image and per-pixel passes out. The OpenGL raster
// backend and the Embree path tracer implement it; everything downstream (annotations, writers)
// sees only a Frame.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "renderer/scene.h"
#include "util/image.h"

namespace railyard::render {

inline constexpr float kNoDepth = std::numeric_limits<float>::infinity();

struct Frame {
  Image<Rgb8> color;              // sRGB-encoded, anti-aliased
  Image<std::uint32_t> part_ids;  // Instance::part of the surface seen through the pixel centre
  Image<float> depth;             // metric distance from the camera centre; kNoDepth for sky
};

struct RenderOptions {
  int samples = 0;         // anti-aliasing samples (raster) or samples per pixel (path
                           // tracer); 0 = the backend's default
  std::uint64_t seed = 0;  // for backends that sample randomly
  int image_index = 0;     // part of the random stream, so images of a dataset differ
};

class Renderer {
 public:
  virtual ~Renderer() = default;
  virtual std::string_view name() const = 0;
  // What the backend runs on (device, driver, threads), for logs and benchmark reports.
  virtual std::string description() const { return std::string(name()); }
  virtual Frame render(const Scene& scene, const RenderOptions& options) = 0;
};

// Thrown when a backend cannot start (no EGL display, no OpenGL 4.5, no Embree device, ...).
class RendererError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace railyard::render
