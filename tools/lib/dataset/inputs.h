// The data files a dataset config names, found once, before any work: the shipped data folder
// ($RAILYARD_DATA, else the source tree the binary was built from), the rule and background
// files, the scene file and the asset manifest, with the names the dataset's folders and
// records use. Every later stage takes these paths rather than resolving names again.
#pragma once

#include <filesystem>
#include <string>

#include "tools/lib/dataset/train_source.h"

namespace railyard {

struct DatasetConfig;

// Throws InputError when $RAILYARD_DATA (or the built-in folder) holds no railyard data.
std::filesystem::path data_root();
std::filesystem::path rules_dir(const std::filesystem::path& data_dir);        // logic/rules
std::filesystem::path background_file(const std::filesystem::path& data_dir);  // background.pl

struct DatasetInputs {
  std::filesystem::path data_dir;
  std::filesystem::path rule_file;
  std::filesystem::path background_file;
  std::filesystem::path scene_file;
  std::filesystem::path manifest_file;
  std::string rule_name;   // the rule file's stem: "theoryx", or a custom file's
  std::string scene_name;  // the scene file's stem: "base_scene", ...
};

// Throws RuleError or SceneError naming the rule or scene and what exists instead.
DatasetInputs resolve_inputs(const DatasetConfig& config, const std::filesystem::path& data_dir);

// The trains of a config: sampled by config.sampler from config.seed, labelled by the resolved
// rule, east and west balanced; with `compositions` their split's, with `unique` planned now
// (train_plan.h). Throws RuleError when the rule does not load, ConfigError or TrainDemandError
// when compositions or unique cannot be met.
SampledTrains sampled_trains(const DatasetConfig& config, const DatasetInputs& inputs);

// A bare name ("desert_scene") is data_dir/scenes/<name>.yaml; anything with a '/' or a .yaml
// ending is a path. Throws SceneError listing the shipped scenes when there is no such file.
std::filesystem::path resolve_scene(const std::string& name_or_path,
                                    const std::filesystem::path& data_dir);

}  // namespace railyard
