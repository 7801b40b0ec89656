// The flags every run command shares (generate, intervene, suite): which shard of the work this
// process makes, and the one merge convention: the run's own command line with --merge, once
// every shard is done. tools/slurm/submit.sh queues any of them this way.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tools/lib/dataset/run_kinds/run_kinds.h"

namespace railyard {

struct RunFlags {
  std::optional<std::string> shard;    // --shard i/N
  std::optional<std::uint64_t> tasks;  // --tasks N, for farms that do not export the count
  bool merge = false;
};

// --shard, --tasks and --merge; `shard_help` says what shard i/N makes.
void add_run_flags(CLI::App& command, RunFlags& flags, std::string_view shard_help);

// --shard when given, else the farm's task index (shard.h); the whole run outside a farm.
Shard process_shard(const RunFlags& flags);

struct ConfigOptions;

// Adds --shard, --tasks, --merge and --print-config to a command whose config comes from
// `options`, and its callback: print the config, or merge or run this process's shard of the kind
// `command` runs for the config (run_kinds.h).
void add_run_command(CLI::App& app, std::shared_ptr<ConfigOptions> options,
                     std::string_view shard_help, RunCommand command);

// One line per run: what was made, how fast; for a shard, how to merge (`command` --merge).
void print_run_summary(const RunSummary& summary, std::string_view command);

}  // namespace railyard
