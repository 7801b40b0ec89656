#include "tools/dataset/sample_factory.h"

#include "logic/errors.h"
#include "tools/dataset/label_noise.h"

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

RenderedSample SampleFactory::operator()(std::uint64_t index) {
  RenderedSample sample;
  sample.index = index;
  sample.train = trains_.train(index);
  sample.published = published_label(sample.train.label, config_.seed, index, config_.label_noise);
  sample.labelled = label_given(config_.seed, index, config_.supervision);
  sample.scene = layout_scene(scene_, sample.train.train);
  render::RenderOptions options;
  options.samples = config_.samples;
  options.local_lighting = config_.local_lighting;
  options.seed = config_.seed;
  options.image_index = static_cast<int>(index);
  sample.frame = renderer_.render(sample.scene.scene, options);
  return sample;
}

}  // namespace railyard
