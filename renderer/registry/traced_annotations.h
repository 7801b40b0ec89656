// A renderer whose colour comes from one backend and whose annotations through a lens other than
// the pinhole are traced by another. The raster draws a fisheye by resampling cube maps rendered
// around the camera, so its part ids and depths are those of the nearest cube texel: edges move
// by up to half a pixel, and thin parts (spoked wheels, braces) lose up to a third of their mask.
// One ray through each pixel centre gives the path tracer's exact ids and distances, the same
// annotations as a path-traced dataset, for a few milliseconds a frame. Pinhole frames pass
// through untouched: the raster's own annotations are exact there.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "renderer/renderer.h"

namespace railyard::render {

class TracedAnnotations final : public Renderer {
 public:
  using MakeTracer = std::function<std::unique_ptr<Renderer>()>;
  // `colour` draws the images (and the part samples); the tracer, made at the first frame that
  // needs it, renders part ids and depth with one sample per pixel. `tracer_name` for
  // description().
  TracedAnnotations(std::unique_ptr<Renderer> colour, MakeTracer make_tracer,
                    std::string tracer_name);

  std::string_view name() const override { return colour_->name(); }
  std::string description() const override;
  Frame render(const Scene& scene, const RenderOptions& options) override;
  // Frames the colour backend draws alone are in flight as it keeps them; traced ones are not.
  PendingFrame begin_render(const Scene& scene, const RenderOptions& options) override;
  unsigned frames_in_flight() const override { return colour_->frames_in_flight(); }
  void release_thread() override;

 private:
  static bool colour_alone(const Scene& scene, const RenderOptions& options);

  std::unique_ptr<Renderer> colour_;
  MakeTracer make_tracer_;
  std::string tracer_name_;
  std::unique_ptr<Renderer> tracer_;
};

}  // namespace railyard::render
