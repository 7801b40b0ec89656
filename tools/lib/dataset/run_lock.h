// The config a dataset was started with, kept in its folder (config.yaml) so that a resumed run,
// every shard of a farm job and the merge all work on the same dataset. A different config is an
// error that names the keys that changed: mixing two configs in one folder would corrupt it. The
// same holds for the contents of the input files (inputs.json: rule, scene, manifest, meshes).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/input_files.h"
#include "tools/lib/records/dataset_paths.h"

namespace railyard {

struct RunLock {
  std::string created_date;       // YYYY-MM-DD (UTC) of the run that started the dataset
  std::vector<InputFile> inputs;  // the input files and their hashes, as inputs.json has them
};

// Creates config.yaml and inputs.json when absent (atomically, safe against shards starting
// together), else checks them against `config` and `inputs`. Keys that do not change the
// dataset's bytes (threads, output) are left out of the comparison. Throws ConfigError naming the
// keys or files that differ.
RunLock acquire_run_lock(const DatasetConfig& config, const std::vector<InputFile>& inputs,
                         const DatasetPaths& paths);

// The bytes of config.yaml and inputs.json, from the day the dataset was started, its config as
// emit_dataset_config writes it and its input files as input_files_json lists them (the manifest
// holds the same three: `railyard verify` compares).
std::string config_lock_text(const std::string& created_date, const std::string& dataset_config);
std::string input_lock_text(const std::vector<InputFile>& inputs);

// Whether `paths` is a dataset a railyard run started: its config.yaml is a run's lock.
bool has_run_lock(const DatasetPaths& paths);

// Reads an existing lock (for merge); throws ConfigError when there is none or it differs.
RunLock read_run_lock(const DatasetConfig& config, const std::vector<InputFile>& inputs,
                      const DatasetPaths& paths);

}  // namespace railyard
