#include "tools/dataset/dataset_paths.h"

#include "tools/dataset/config.h"
#include "util/io_error.h"

namespace railyard {

DatasetPaths::DatasetPaths(const DatasetConfig& config, const std::string& rule,
                           const std::string& scene) {
  std::string distribution(distribution_name(config.sampler.distribution));
  std::string lengths =
      std::to_string(config.sampler.min_cars) + "-" + std::to_string(config.sampler.max_cars);
  root_ = config.output / (config.representation + "_" + rule + "_" + distribution + "_" + scene +
                           "_len_" + lengths);
  description_ =
      config.output / "dataset_descriptions" / rule / (distribution + "_len_" + lengths + ".txt");
}

std::string DatasetPaths::image_name(std::uint64_t index) {
  return std::to_string(index) + "_m_train.png";
}

std::string DatasetPaths::depth_exr_name(std::uint64_t index) {
  return std::to_string(index) + "_m_train.exr";
}

void DatasetPaths::create_folders() const {
  for (const auto& folder : {images(), depths(), records(), all_scenes().parent_path(),
                             coco().parent_path(), splits(), runs(), description_.parent_path()}) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error) throw IoError("cannot create folder " + folder.string() + ": " + error.message());
  }
}

}  // namespace railyard
