#include "tools/railyard/run_flags.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>

#include "tools/railyard/config_options.h"

namespace railyard {

void add_run_flags(CLI::App& command, RunFlags& flags, std::string_view shard_help) {
  command.add_option("--shard", flags.shard,
                     std::string(shard_help) +
                         "; default from the farm's task index (SLURM_ARRAY_TASK_ID, "
                         "JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX)");
  command
      .add_option("--tasks", flags.tasks,
                  "the number of tasks of a Kubernetes Indexed Job or AWS Batch array job "
                  "(neither exports it); its task index comes from the environment")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max() / 2));
  command.add_flag("--merge", flags.merge,
                   "write the dataset-wide files once every shard is done (the shards' command "
                   "line with --merge)");
}

Shard process_shard(const RunFlags& flags) {
  if (flags.shard) return parse_shard(*flags.shard);
  return shard_from_environment(flags.tasks).value_or(Shard{});
}

void add_run_command(CLI::App& app, std::shared_ptr<ConfigOptions> options,
                     std::string_view shard_help, RunCommand command) {
  auto flags = std::make_shared<RunFlags>();
  add_run_flags(app, *flags, shard_help);
  app.add_flag("--print-config", options->print_config,
               "print the effective config with defaults and exit");
  app.callback([options, flags, command] {
    DatasetConfig config = effective_config(*options);
    if (options->print_config) {
      std::fputs(emit_config(config).c_str(), stdout);
      return;
    }
    const RunKind& kind = run_kind(config, command);
    RunOptions run = run_options(*options);
    if (flags->merge) {
      std::printf("merged %s\n", kind.merge(config, run).c_str());
      return;
    }
    run.shard = process_shard(*flags);
    auto start = std::chrono::steady_clock::now();
    RunSummary summary = kind.run(config, run);
    summary.total_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    print_run_summary(summary, kind.command);
  });
}

void print_run_summary(const RunSummary& s, std::string_view command) {
  std::printf("%s: %llu %s rendered, %llu already done, %.1f s (%.1f %s/s) on %s\n", s.root.c_str(),
              static_cast<unsigned long long>(s.rendered), s.units.c_str(),
              static_cast<unsigned long long>(s.skipped), s.seconds,
              s.seconds > 0 ? static_cast<double>(s.rendered) / s.seconds : 0.0, s.units.c_str(),
              s.backend.c_str());
  // Where a farm node's time goes besides the units: the device's start, the trains, the probe
  // frame before them; the dataset-wide files after them.
  if (s.total_seconds > 0)
    std::printf(
        "%.1f s in all: %.1f s before the first unit, %.1f s making them, %.1f s finishing\n",
        s.total_seconds, std::max(0.0, s.total_seconds - s.seconds - s.finalize_seconds), s.seconds,
        s.finalize_seconds);
  if (!s.finalized)
    std::printf(
        "shard done; run `railyard %.*s ... --merge` with the same arguments once every "
        "shard is done\n",
        static_cast<int>(command.size()), command.data());
}

}  // namespace railyard
