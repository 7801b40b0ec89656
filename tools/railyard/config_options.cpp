#include "tools/railyard/config_options.h"

#include <cstdio>

#include "tools/dataset/data_root.h"

namespace railyard {

DatasetConfig effective_config(const GenerateOptions& options) {
  std::vector<ConfigSource> sources{{default_config_node(), "defaults"}};
  if (!options.config_file.empty())
    sources.push_back({read_config_file(options.config_file), options.config_file});
  YAML::Node overrides;
  for (const auto& [key, value] : options.flags) apply_override(overrides, key + "=" + value);
  for (const auto& assignment : options.assignments) apply_override(overrides, assignment);
  sources.push_back({overrides, "command line", false});
  return build_config(sources);
}

RunOptions run_options(const GenerateOptions& options, bool sharded) {
  RunOptions run;
  run.data_dir = data_root();
  run.version = RAILYARD_VERSION;
  run.progress = !options.quiet;
  if (sharded) {
    if (!options.shard.empty())
      run.shard = parse_shard(options.shard);
    else if (auto slurm = shard_from_slurm_environment())
      run.shard = *slurm;
  }
  return run;
}

void print_summary(const RunSummary& s) {
  std::printf("%s: %llu images rendered, %llu already done, %.1f s (%.1f images/s) on %s\n",
              s.root.c_str(), static_cast<unsigned long long>(s.rendered),
              static_cast<unsigned long long>(s.skipped), s.seconds,
              s.seconds > 0 ? static_cast<double>(s.rendered) / s.seconds : 0.0, s.backend.c_str());
  if (!s.finalized)
    std::printf("shard done; run `railyard merge` with the same config once all shards are\n");
}

void add_config_options(CLI::App& command, GenerateOptions& options, bool with_file) {
  if (with_file)
    command.add_option("config", options.config_file, "dataset config (YAML)")
        ->check(CLI::ExistingFile);
  command.add_option("--set", options.assignments,
                     "override a config key, repeatable: --set splits.val=0.2");
  auto flag = [&](const char* name, const char* key, const char* help) {
    command.add_option_function<std::string>(
        name, [&options, key](const std::string& v) { options.flags.emplace_back(key, v); }, help);
  };
  flag("-n,--count", "count", "number of images");
  flag("--seed", "seed", "random seed");
  flag("-r,--rule", "rule", "rule name or .pl path");
  flag("--distribution", "distribution", "MichalskiTrains or RandomTrains");
  flag("--scene", "scene", "scene name or .yaml path");
  flag("--backend", "backend", "raster or pathtrace");
  flag("--representation", "representation", "Trains or SimpleObjects");
  flag("--samples", "samples", "anti-aliasing / path tracing samples per pixel");
  flag("-o,--output", "output", "output folder");
  flag("-j,--threads", "threads", "worker threads (0: all cores)");
  command.add_flag("-q,--quiet", options.quiet, "no progress output");
}

}  // namespace railyard
