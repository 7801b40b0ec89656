// The config of the dataset commands (generate, merge, render): a YAML file, flags for the
// common keys and --set for any key, layered over the defaults.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tools/dataset/config.h"
#include "tools/dataset/dataset_run.h"

namespace railyard {

struct GenerateOptions {
  std::string config_file;
  std::vector<std::string> assignments;  // --set key=value
  std::string shard;
  bool print_config = false;
  bool quiet = false;
  // Convenience flags, each the same as a --set of its key.
  std::vector<std::pair<std::string, std::string>> flags;
};

// Defaults, then the file, then the flags and --set assignments in order.
DatasetConfig effective_config(const GenerateOptions& options);

// sharded: take --shard, else the Slurm array variables.
RunOptions run_options(const GenerateOptions& options, bool sharded);

void print_summary(const RunSummary& summary);

// The config file argument (when `with_file`), --set, and one flag per common key.
void add_config_options(CLI::App& command, GenerateOptions& options, bool with_file = true);

}  // namespace railyard
