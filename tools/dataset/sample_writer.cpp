#include "tools/dataset/sample_writer.h"

#include "renderer/annotations/depth_png.h"
#include "renderer/annotations/image_annotations.h"
#include "renderer/annotations/scene_json.h"
#include "util/atomic_file.h"
#include "util/exr_io.h"
#include "util/png_io.h"

namespace railyard {
namespace {

// With masks switched off, the scene object keeps boxes and labels but drops every "mask".
void drop_masks(nlohmann::ordered_json& node) {
  if (!node.is_object()) return;
  node.erase("mask");
  for (auto& [key, value] : node.items()) drop_masks(value);
}

}  // namespace

void SampleWriter::write(const RenderedSample& sample) const {
  const OutputSelection& outputs = config.outputs;
  std::string image_name = DatasetPaths::image_name(sample.index);
  render::SceneRecord record;
  record.image_index = static_cast<int>(sample.index);
  record.base_scene = scene_name(config.scene);
  record.distribution = std::string(distribution_name(config.sampler.distribution));
  record.classification_rule = rule_name;
  record.visualization = config.representation;
  record.min_cars = config.sampler.min_cars;
  record.max_cars = config.sampler.max_cars;
  record.image_filename = image_name;
  record.blender_filename = std::to_string(sample.index) + "_m_train.blend";
  record.depth_map_filename = outputs.depth_png ? image_name : "";
  record.depth_exr_filename = outputs.depth_exr ? DatasetPaths::depth_exr_name(sample.index) : "";
  record.train = {sample.train.train, sample.published};

  auto annotations = render::annotate_image(sample.frame, sample.scene);
  auto scene = render::scene_json(record, annotations, sample.scene);
  if (sample.published != sample.train.label)
    scene["true_label"] = std::string(name(sample.train.label));
  if (!outputs.masks) drop_masks(scene["car_masks"]);

  write_png(paths.image(sample.index), sample.frame.color);
  if (outputs.depth_png)
    write_png(paths.depth_png(sample.index), render::depth_png_image(sample.frame.depth));
  if (outputs.depth_exr) {
    auto compression =
        outputs.depth_exr_compression == "zip" ? ExrCompression::Zip : ExrCompression::None;
    write_depth_exr(paths.depth_exr(sample.index), sample.frame.depth, compression);
  }
  write_file_atomically(paths.record(sample.index), scene.dump() + "\n");
}

}  // namespace railyard
