#include "tools/lib/dataset/inputs.h"

#include <cstdlib>

#include "logic/errors.h"
#include "logic/rule.h"
#include "scenes/asset_library.h"
#include "scenes/scene_error.h"
#include "scenes/scene_settings.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/splits.h"
#include "util/file_system.h"
#include "util/io_error.h"
#include "util/printable_text.h"

namespace railyard {

std::filesystem::path data_root() {
  const char* env = std::getenv("RAILYARD_DATA");
  std::filesystem::path root = env && *env ? std::filesystem::path(env) : RAILYARD_DATA_DIR;
  if (!file_system::is_regular_file(background_file(root)))
    throw InputError(std::string(env && *env ? "RAILYARD_DATA=" : "the data folder ") +
                     root.string() + " holds no railyard data (no " +
                     background_file(root).string() +
                     "); point RAILYARD_DATA at a folder with logic/rules, scenes and assets");
  return root;
}

std::filesystem::path rules_dir(const std::filesystem::path& data_dir) {
  return data_dir / "logic" / "rules";
}

std::filesystem::path background_file(const std::filesystem::path& data_dir) {
  return rules_dir(data_dir) / "background.pl";
}

std::filesystem::path resolve_scene(const std::string& name_or_path,
                                    const std::filesystem::path& data_dir) {
  bool is_path = name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".yaml");
  std::filesystem::path file =
      is_path ? std::filesystem::path(name_or_path) : scene_file(data_dir, name_or_path);
  if (file_system::is_regular_file(file)) return file;
  if (is_path)
    throw SceneError("scene file " + printable(file.string()) + ": " +
                     file_system::why_not_a_file(file));
  std::string list;
  for (const std::string& s : list_scenes(data_dir)) list += (list.empty() ? "" : ", ") + s;
  throw SceneError("unknown scene '" + printable(name_or_path) + "'; shipped scenes: " + list +
                   " (or give the path of a .yaml file)");
}

DatasetInputs resolve_inputs(const DatasetConfig& config, const std::filesystem::path& data_dir) {
  DatasetInputs inputs;
  inputs.data_dir = data_dir;
  // A path the file system cannot even look up (a name too long, a loop of links) is told of
  // the key that named it.
  try {
    inputs.rule_file = resolve_rule(config.rule, rules_dir(data_dir));
  } catch (const IoError& e) {
    throw ConfigError(std::string("rule: ") + e.what());
  }
  inputs.background_file = background_file(data_dir);
  try {
    inputs.scene_file = resolve_scene(config.scene, data_dir);
  } catch (const IoError& e) {
    throw ConfigError(std::string("scene: ") + e.what());
  }
  inputs.manifest_file = AssetLibrary::default_manifest(data_dir);
  inputs.rule_name = inputs.rule_file.stem().string();
  inputs.scene_name = inputs.scene_file.stem().string();
  return inputs;
}

SampledTrains sampled_trains(const DatasetConfig& config, const DatasetInputs& inputs) {
  BalanceOptions balance;
  balance.max_attempts = config.max_attempts;
  balance.rule_name = inputs.rule_name;
  SampledTrains trains(config.sampler, Rule::load(inputs.rule_file, inputs.background_file),
                       balance, config.seed);
  if (config.compositions)
    trains.require_compositions(*config.compositions, balanced_split_of(config));
  if (config.unique) trains.plan_unique(config.count);
  return trains;
}

}  // namespace railyard
