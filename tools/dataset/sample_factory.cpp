#include "tools/dataset/sample_factory.h"

#include "logic/errors.h"
#include "tools/dataset/label_noise.h"

namespace railyard {

SceneContext load_scene_context(const DatasetConfig& config,
                                const std::filesystem::path& data_dir) {
  SceneContext context;
  bool is_path = config.scene.find('/') != std::string::npos || config.scene.ends_with(".yaml");
  context.settings = load_scene_settings(is_path ? std::filesystem::path(config.scene)
                                                 : scene_file(data_dir, config.scene));
  context.assets = std::make_shared<const AssetLibrary>(
      AssetLibrary::load(AssetLibrary::default_manifest(data_dir)));
  auto representation = parse_representation(config.representation);
  if (!representation)
    throw ConfigError("representation '" + config.representation +
                      "' is neither Trains nor SimpleObjects");
  context.representation = *representation;
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
  sample.scene = layout_scene(scene_, sample.train.train);
  render::RenderOptions options;
  options.samples = config_.samples;
  options.seed = config_.seed;
  options.image_index = static_cast<int>(index);
  sample.frame = renderer_.render(sample.scene.scene, options);
  return sample;
}

}  // namespace railyard
