// The dataset-wide files, written once every sample is on disk: all_scenes.json, the COCO file,
// the description file (+ JSON Lines), splits and the manifest, then the config's exports. They
// are built from the per-sample records alone, so a merge of shards and a single run give the
// same bytes.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/dataset/config.h"
#include "tools/records/dataset_paths.h"

namespace railyard {

struct FinalizeContext {
  const DatasetConfig& config;
  const DatasetPaths& paths;
  std::string rule_name;
  std::string scene_name;
  std::string created_date;  // the day the dataset was started (see run_lock.h)
  std::string version;
  nlohmann::ordered_json inputs;  // input files and their hashes (run_lock.h), for the manifest
  bool exports = true;            // write the config's exports (verify makes the rest alone)
};

// Samples whose record is not on disk yet.
std::vector<std::uint64_t> missing_samples(const DatasetPaths& paths, std::uint64_t count);

// Throws std::runtime_error naming missing samples; writes nothing then.
void finalize_dataset(const FinalizeContext& context);

}  // namespace railyard
