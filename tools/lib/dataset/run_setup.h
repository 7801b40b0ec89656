// What every run kind loads once before it renders: the scene, the renderer and the settings
// each sample is rendered with. A run kind makes it after its own checks (an unreachable class,
// a plan without pairs), so that those fail before a renderer starts.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "renderer/renderer.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/sample_factory.h"

namespace railyard {

class RunSetup {
 public:
  enum class RendererStart { Now, OnFirstUse };

  // Loads the scene and the asset manifest (SceneError) and, unless told to wait, starts the
  // renderer (RendererError). `config` and `inputs` must outlive the setup.
  RunSetup(const DatasetConfig& config, const DatasetInputs& inputs,
           RendererStart start = RendererStart::Now);

  const DatasetConfig& config;
  const DatasetInputs& inputs;
  SceneContext scene;
  SampleSettings settings;

  // The renderer, started on first use when the setup was told to wait.
  render::Renderer& renderer();
  // Lets go of a renderer this process cannot use or destroy (a forked child's copy).
  void abandon_renderer();

  unsigned writer_threads() const;  // config.threads, or every core
  // config.render_threads, or 1 (llvmpipe and the path tracer use every core for one frame; on a
  // GPU several producing threads were measured slower than one: run_setup.cpp).
  unsigned render_threads();
  // A renderer of its own for producing thread `k` >= 1, made on this thread and released from
  // it (Renderer::release_thread) so that thread k can take it.
  render::Renderer& extra_renderer(unsigned k);
  std::string image_size() const;  // "480x270", for messages
  // A factory for the samples of `trains` with this setup's scene, renderer and settings.
  SampleFactory factory(TrainSource& trains) { return {trains, scene, renderer(), settings}; }

 private:
  std::unique_ptr<render::Renderer> renderer_;
  std::vector<std::unique_ptr<render::Renderer>> extra_renderers_;  // [k - 1]
};

}  // namespace railyard
