// The renderer interface: a scene in, a colour image and per-pixel passes out. The OpenGL raster
// backend and the Embree path tracer implement it; everything downstream (annotations, writers)
// sees only a Frame.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/frame.h"
#include "renderer/pending_frame.h"
#include "renderer/scene.h"
#include "util/image.h"
#include "util/stage_clock.h"

namespace railyard::render {

// The images a render can produce. A new pass is a new enumerator here, a member of Frame and
// its computation in each backend; requests name the passes they need.
enum class Pass : std::uint8_t { Color = 1, PartIds = 2, Depth = 4, PartSamples = 8 };

class PassSet {
 public:
  constexpr PassSet(std::initializer_list<Pass> passes) {
    for (Pass p : passes) bits_ |= static_cast<std::uint8_t>(p);
  }
  constexpr PassSet() = default;
  // The passes a dataset stores; PartSamples is asked for by name (paired renders).
  static constexpr PassSet all() { return {Pass::Color, Pass::PartIds, Pass::Depth}; }
  constexpr PassSet with(Pass p) const {
    PassSet more = *this;
    more.bits_ |= static_cast<std::uint8_t>(p);
    return more;
  }
  constexpr PassSet without(Pass p) const {
    PassSet fewer = *this;
    fewer.bits_ &= static_cast<std::uint8_t>(~static_cast<std::uint8_t>(p));
    return fewer;
  }
  constexpr bool has(Pass p) const { return (bits_ & static_cast<std::uint8_t>(p)) != 0; }
  bool operator==(const PassSet&) const = default;

 private:
  std::uint8_t bits_ = 0;
};

// Where a frame's time goes (`railyard bench pipeline`): drawing, up to the first read of its
// pixels (the GPU's work finished, which a benchmark waits for), and reading them back; a backend
// of several passes also times each (waiting for each to finish), within draw.
struct FrameTimes {
  StageTime draw, read_back;
  StageTime shadow, geometry, lighting, resolve;  // the raster's passes

  FrameTimes& operator+=(const FrameTimes& other) {
    for (StageTime FrameTimes::*stage :
         {&FrameTimes::draw, &FrameTimes::read_back, &FrameTimes::shadow, &FrameTimes::geometry,
          &FrameTimes::lighting, &FrameTimes::resolve})
      this->*stage += other.*stage;
    return *this;
  }
};

struct RenderOptions {
  int samples = 0;         // anti-aliasing samples (raster) or samples per pixel (path
                           // tracer); 0 = the backend's default
  std::uint64_t seed = 0;  // for backends that sample randomly
  int image_index = 0;     // part of the random stream, so images of a dataset differ
  PassSet passes = PassSet::all();
  // Each surface lit by the sun and the sky alone, as if nothing else were there: no shadows, no
  // light reflected from other surfaces. Then what a surface looks like depends on it alone, so
  // changing one object changes only the pixels that show it (the check of paired renders).
  bool local_lighting = false;
  FrameTimes* times = nullptr;  // when set, the frame's stages are added to it
};

class Renderer {
 public:
  virtual ~Renderer() = default;
  virtual std::string_view name() const = 0;
  // What the backend runs on (device, driver, threads), for logs and benchmark reports.
  virtual std::string description() const { return std::string(name()); }
  virtual Frame render(const Scene& scene, const RenderOptions& options) = 0;
  // Frames in flight: begins a frame and returns before its passes are read back where the
  // backend can (the raster reads through pixel buffers behind a fence), so that the caller lays
  // out the next scene while the device draws. Up to frames_in_flight() frames may be pending
  // on a thread; take them in the order they were begun. The same frame as render() gives.
  virtual PendingFrame begin_render(const Scene& scene, const RenderOptions& options) {
    return PendingFrame(render(scene, options));
  }
  virtual unsigned frames_in_flight() const { return 1; }
  // Lets go of the calling thread's hold on the backend (an OpenGL context current on it), so
  // that another thread may render with it next. A thread that renders takes hold again.
  virtual void release_thread() {}
};

// Thrown when a backend cannot start (no EGL display, no OpenGL 4.5, no Embree device, ...).
class RendererError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace railyard::render
