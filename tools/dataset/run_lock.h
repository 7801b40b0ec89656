// The config a dataset was started with, kept in its folder (config.yaml) so that a resumed run,
// every shard of a farm job and the merge all work on the same dataset. A different config is an
// error that names the keys that changed: mixing two configs in one folder would corrupt it.
#pragma once

#include <string>

#include "tools/dataset/config.h"
#include "tools/dataset/dataset_paths.h"

namespace railyard {

struct RunLock {
  std::string created_date;  // YYYY-MM-DD (UTC) of the run that started the dataset
};

// Creates config.yaml when absent (atomically, safe against shards starting together), else
// checks it against `config`. Keys that do not change the dataset's bytes (threads, output) are
// left out of the comparison. Throws ConfigError when the configs differ.
RunLock acquire_run_lock(const DatasetConfig& config, const DatasetPaths& paths);

// Reads an existing lock (for merge); throws ConfigError when there is none or it differs.
RunLock read_run_lock(const DatasetConfig& config, const DatasetPaths& paths);

}  // namespace railyard
