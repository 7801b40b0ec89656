#include "tools/lib/dataset/sample_factory.h"

#include "logic/errors.h"
#include "tools/lib/dataset/settings/label_noise.h"

namespace railyard {

SceneContext load_scene_context(const DatasetConfig& config, const DatasetInputs& inputs) {
  SceneContext context;
  context.settings = load_scene_settings(inputs.scene_file);
  context.assets = std::make_shared<const AssetLibrary>(AssetLibrary::load(inputs.manifest_file));
  context.assets->manifest().representation(config.representation);  // throws when unknown
  context.representation = config.representation;
  context.layout.max_cars = config.sampler.max_cars;
  context.layout.auto_fit = config.auto_fit;
  context.layout.high_res = config.high_res;
  // The dataset's resolution replaces the scene file's, before layout fits the train to it.
  if (!config.high_res) context.settings.resolution = {config.width, config.height};
  return context;
}

TrainScene layout_scene(const SceneContext& context, const Train& train) {
  return layout_train(train, context.representation, context.settings, *context.assets,
                      context.layout);
}

render::RenderOptions SampleSettings::render_options(std::uint64_t image_index,
                                                     render::PassSet passes) const {
  render::RenderOptions options;
  options.samples = samples;
  options.local_lighting = local_lighting;
  options.seed = seed;
  options.image_index = static_cast<int>(image_index);
  options.passes = passes;
  return options;
}

SampleSettings sample_settings(const DatasetConfig& config) {
  return {config.seed, config.samples, config.local_lighting, config.label_noise,
          dataset_supervision(config, config.count)};
}

BegunSample begin_sample(const SceneContext& scene, render::Renderer& renderer,
                         const render::RenderOptions& options, std::uint64_t index,
                         LabelledTrain train, ProduceTimes* times) {
  RenderedSample sample;
  sample.index = index;
  sample.train = std::move(train);
  sample.published = sample.train.label;
  {
    StageClock clock(times ? &times->layout : nullptr);
    sample.scene = layout_scene(scene, sample.train.train);
  }
  render::RenderOptions timed = options;
  if (times) timed.times = &times->frame;
  render::PendingFrame frame = renderer.begin_render(sample.scene.scene, timed);
  return {std::move(sample), std::move(frame)};
}

BegunSample SampleFactory::begin(std::uint64_t index) {
  LabelledTrain train;
  {
    StageClock clock(times_ ? &times_->train : nullptr);
    train = trains_.train(index);
  }
  BegunSample begun = begin_sample(scene_, renderer_, settings_.render_options(index), index,
                                   std::move(train), times_);
  StageClock clock(times_ ? &times_->train : nullptr);
  RenderedSample& sample = begun.sample;
  sample.published =
      published_label(sample.train.label, settings_.seed, index, settings_.label_noise);
  sample.labelled = settings_.labelled(trains_, index);
  sample.clauses = trains_.clauses(sample.train.train);
  sample.sequence = trains_.sequence_step(index);
  return begun;
}

}  // namespace railyard
