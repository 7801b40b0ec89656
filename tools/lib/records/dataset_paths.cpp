#include "tools/lib/records/dataset_paths.h"

#include <algorithm>

#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/io_error.h"

namespace railyard {

DatasetPaths::DatasetPaths(const DatasetIdentity& id) {
  std::string lengths = std::to_string(id.min_cars) + "-" + std::to_string(id.max_cars);
  root_ = id.output / (id.representation + "_" + id.rule + "_" + id.distribution + "_" + id.scene +
                       "_len_" + lengths);
  description_ =
      id.output / "dataset_descriptions" / id.rule / (id.distribution + "_len_" + lengths + ".txt");
}

std::string DatasetPaths::image_name(std::uint64_t index) {
  return std::to_string(index) + "_m_train.png";
}

std::string DatasetPaths::depth_exr_name(std::uint64_t index) {
  return std::to_string(index) + "_m_train.exr";
}

std::string DatasetPaths::scene_glb_name(std::uint64_t index) {
  return std::to_string(index) + "_m_train.glb";
}

std::vector<std::filesystem::path> DatasetPaths::split_files() const {
  std::vector<std::filesystem::path> files;
  for (const std::filesystem::path& entry : file_system::list_folder(splits()))
    if (entry.extension() == ".txt" && !is_temp_file_name(entry.filename().string()))
      files.push_back(entry);
  return files;
}

void DatasetPaths::create_folders(bool sample_folders) const {
  if (sample_folders)
    for (const auto& folder : {images(), depths(), records()}) file_system::create_folders(folder);
  for (const auto& folder : {all_scenes().parent_path(), coco().parent_path(), splits(), runs(),
                             description_.parent_path()})
    file_system::create_folders(folder);
}

}  // namespace railyard
