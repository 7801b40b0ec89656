// `railyard generate` and `railyard merge`: whole datasets from one config, resumable, sharded.
#include <cstdio>

#include "tools/dataset/dataset_run.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"

namespace railyard {

void add_generate_command(CLI::App& app) {
  auto options = std::make_shared<ConfigOptions>();
  CLI::App* generate =
      app.add_subcommand("generate", "render a whole dataset from one config (the main job)");
  add_config_options(*generate, *options);
  generate
      ->add_option_function<std::string>(
          "--shard",
          [options](const std::string& shard) {
            options->shard = shard;
            options->shard_given = true;
          },
          "render only samples i, i+N, ... (i/N); default from SLURM_ARRAY_TASK_*")
      ->expected(1);
  generate->add_flag("--print-config", options->print_config,
                     "print the effective config with defaults and exit");
  generate->callback([options] {
    DatasetConfig config = effective_config(*options);
    if (options->print_config) {
      std::fputs(emit_config(config).c_str(), stdout);
      return;
    }
    print_summary(generate_dataset(config, run_options(*options, true)));
  });

  auto merge_options = std::make_shared<ConfigOptions>();
  CLI::App* merge = app.add_subcommand(
      "merge", "write the dataset-wide files of a sharded run (same config as its shards)");
  add_config_options(*merge, *merge_options);
  merge->callback([merge_options] {
    DatasetConfig config = effective_config(*merge_options);
    auto root = merge_dataset(config, run_options(*merge_options, false));
    std::printf("merged %s\n", root.c_str());
  });
}

}  // namespace railyard
