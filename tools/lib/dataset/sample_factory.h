// Turns a dataset index into a rendered sample: train (sampled or read), label noise, layout of
// the scene, and rendering. It runs on the renderer's thread.
#pragma once

#include <cstdint>
#include <memory>

#include "renderer/renderer.h"
#include "scenes/asset_library.h"
#include "scenes/layout.h"
#include "scenes/scene_settings.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/sample_writer.h"
#include "tools/lib/dataset/train_source.h"

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

// What a sample's pixels and published label depend on besides its train: one value per run,
// built once from the config.
struct SampleSettings {
  std::uint64_t seed = 0;
  int samples = 0;  // the backend's default when 0
  bool local_lighting = false;
  double label_noise = 0.0;  // label_noise.h
  Supervision supervision;   // over the dataset's samples (a sequence set decides per sequence)

  // Whether sample `index` of `trains` gives its label: as the source says, else by supervision.
  bool labelled(TrainSource& trains, std::uint64_t index) const {
    return trains.label_given(index).value_or(supervision.given(seed, index));
  }
  // The options of image `image_index` (its random stream).
  render::RenderOptions render_options(std::uint64_t image_index,
                                       render::PassSet passes = render::PassSet::all()) const;
};

SampleSettings sample_settings(const DatasetConfig& config);

// Where a sample's time goes on the producing thread (`railyard bench pipeline`): its train
// (drawn or read, labelled), the layout of its scene, and the renderer's draw and read-back.
struct ProduceTimes {
  StageTime train, layout;
  render::FrameTimes frame;
};

// A sample whose frame is in flight (Renderer::begin_render): all of it but its frame, which
// finish() waits for, on the thread that began it.
struct BegunSample {
  RenderedSample sample;
  render::PendingFrame frame;

  RenderedSample finish() && {
    sample.frame = frame.take();
    return std::move(sample);
  }
};

// `train` laid out and its frame begun as sample `index`, its label published as it is; with
// `times`, the layout and the frame timed into them.
BegunSample begin_sample(const SceneContext& scene, render::Renderer& renderer,
                         const render::RenderOptions& options, std::uint64_t index,
                         LabelledTrain train, ProduceTimes* times = nullptr);

// Sample `index` of a dataset: its train from the source, its published label (label noise,
// supervision), its clause count (compositions), its layout and its pictures.
class SampleFactory {
 public:
  SampleFactory(TrainSource& trains, const SceneContext& scene, render::Renderer& renderer,
                const SampleSettings& settings)
      : trains_(trains), scene_(scene), renderer_(renderer), settings_(settings) {}

  // Sample `index`, its frame in flight.
  BegunSample begin(std::uint64_t index);
  RenderedSample operator()(std::uint64_t index) { return begin(index).finish(); }
  // Every sample made from now on adds its stages to `times` (nullptr: none).
  void time_into(ProduceTimes* times) { times_ = times; }

 private:
  TrainSource& trains_;
  const SceneContext& scene_;
  render::Renderer& renderer_;
  const SampleSettings& settings_;
  ProduceTimes* times_ = nullptr;
};

}  // namespace railyard
