// The config of the dataset commands (generate, merge, render, view, sheet, bench pipeline) and
// of the symbolic ones (sample, label, rule-stats): a YAML file, then every flag and --set in the
// order they are written on the command line, over the defaults. The flags come from the config
// schema (tools/dataset/config.h): each key that declares one.
#pragma once

#include <CLI/CLI.hpp>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "tools/dataset/config.h"
#include "tools/dataset/dataset_run.h"

namespace railyard {

struct ConfigOptions {
  std::string config_file;
  // key=value from flags and --set, in command-line order.
  std::vector<std::string> assignments;
  std::string shard;
  bool shard_given = false;
  bool print_config = false;
  bool quiet = false;
};

// Defaults, then the file, then the assignments in order.
DatasetConfig effective_config(const ConfigOptions& options);

// sharded: take --shard, else the Slurm array variables.
RunOptions run_options(const ConfigOptions& options, bool sharded);

// One line per run: what was rendered, how fast; for a shard, the command that merges.
void print_summary(const RunSummary& summary, std::string_view unit = "images",
                   std::string_view merge = "railyard merge");

// The config file argument (when `with_file`), --set, and the flag of every key that has one;
// `keys` limits the flags to these keys (empty: all). Also -c/--constraint, --cars (min_cars and
// max_cars at once) and -q/--quiet.
void add_config_options(CLI::App& command, ConfigOptions& options, bool with_file = true,
                        std::initializer_list<std::string_view> keys = {});

}  // namespace railyard
