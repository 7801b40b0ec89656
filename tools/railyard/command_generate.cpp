// `railyard generate`: whole datasets from one config, resumable, sharded, merged with --merge.
#include <cstdio>

#include "logic/errors.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "tools/railyard/run_flags.h"

namespace railyard {

void add_generate_command(CLI::App& app) {
  auto options = std::make_shared<ConfigOptions>();
  CLI::App* generate =
      app.add_subcommand("generate", "render a whole dataset from one config (the main job)");
  add_config_options(*generate, *options);
  add_run_command(*generate, options, "render only samples i, i+N, ... (i/N)",
                  RunCommand::Generate);

  // One merge convention for every run command: a script of an earlier release is told it.
  CLI::App* merge = app.add_subcommand("merge", "");  // hidden
  merge->allow_extras();
  merge->callback([] {
    throw ConfigError(
        "`railyard merge` is now `railyard generate --merge`, with the shards' arguments "
        "(as `railyard intervene --merge` and `railyard suite --merge`)");
  });
}

}  // namespace railyard
