#include "renderer/registry/traced_annotations.h"

#include <utility>

namespace railyard::render {

TracedAnnotations::TracedAnnotations(std::unique_ptr<Renderer> colour, MakeTracer make_tracer,
                                     std::string tracer_name)
    : colour_(std::move(colour)),
      make_tracer_(std::move(make_tracer)),
      tracer_name_(std::move(tracer_name)) {}

void TracedAnnotations::release_thread() {
  colour_->release_thread();
  if (tracer_) tracer_->release_thread();
}

std::string TracedAnnotations::description() const {
  return colour_->description() + "; fisheye part ids and depth traced by " + tracer_name_;
}

bool TracedAnnotations::colour_alone(const Scene& scene, const RenderOptions& options) {
  bool ids = options.passes.has(Pass::PartIds), depth = options.passes.has(Pass::Depth);
  return scene.camera.lens == Lens::Pinhole || (!ids && !depth);
}

PendingFrame TracedAnnotations::begin_render(const Scene& scene, const RenderOptions& options) {
  if (colour_alone(scene, options)) return colour_->begin_render(scene, options);
  return PendingFrame(render(scene, options));
}

Frame TracedAnnotations::render(const Scene& scene, const RenderOptions& options) {
  if (colour_alone(scene, options)) return colour_->render(scene, options);
  RenderOptions drawn = options;
  drawn.passes = options.passes.without(Pass::PartIds).without(Pass::Depth);
  Frame frame = drawn.passes == PassSet{} ? Frame{} : colour_->render(scene, drawn);

  RenderOptions traced = options;
  traced.samples = 1;  // the passes come from the ray through the pixel centre alone
  traced.passes = options.passes.without(Pass::Color).without(Pass::PartSamples);
  if (!tracer_) tracer_ = make_tracer_();
  Frame annotations = tracer_->render(scene, traced);
  frame.part_ids = std::move(annotations.part_ids);
  frame.depth = std::move(annotations.depth);
  return frame;
}

}  // namespace railyard::render
