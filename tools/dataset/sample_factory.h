// Turns a dataset index into a rendered sample: train (sampled or read), label noise, layout of
// the scene, and rendering. It runs on the renderer's thread.
#pragma once

#include <cstdint>
#include <memory>

#include "renderer/renderer.h"
#include "scenes/asset_library.h"
#include "scenes/layout.h"
#include "scenes/scene_settings.h"
#include "tools/dataset/config.h"
#include "tools/dataset/inputs.h"
#include "tools/dataset/sample_writer.h"
#include "tools/dataset/train_source.h"

namespace railyard {

// The scene side of a dataset, resolved and loaded before any work starts.
struct SceneContext {
  SceneSettings settings;
  std::shared_ptr<const AssetLibrary> assets;
  std::string representation = "Trains";  // checked against the manifest
  LayoutOptions layout;
};

// Reads the scene file and the asset manifest. Throws SceneError naming the broken file, or the
// representation the manifest does not have.
SceneContext load_scene_context(const DatasetConfig& config, const DatasetInputs& inputs);

// The scene of a train as a dataset with this context lays it out.
TrainScene layout_scene(const SceneContext& context, const Train& train);

class SampleFactory {
 public:
  SampleFactory(TrainSource& trains, const SceneContext& scene, render::Renderer& renderer,
                const DatasetConfig& config)
      : trains_(trains), scene_(scene), renderer_(renderer), config_(config) {}

  RenderedSample operator()(std::uint64_t index);

 private:
  TrainSource& trains_;
  const SceneContext& scene_;
  render::Renderer& renderer_;
  const DatasetConfig& config_;
};

}  // namespace railyard
