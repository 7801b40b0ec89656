// `railyard worlds SPEC -o DIR`: a family of generated rules (GraphLog's worlds) as rule files,
// worlds.json and ready suite files.
#include <cstdio>

#include "tools/lib/worlds/worlds_run.h"
#include "tools/railyard/commands.h"

namespace railyard {

void add_worlds_command(CLI::App& app) {
  struct Options {
    std::string spec;
    std::string output;
    std::vector<std::string> assignments;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "worlds",
      "generate a family of rules: a pool of concepts, worlds by a sliding window, each world "
      "a rule file, with worlds.json and suite files");
  command->add_option("spec", options->spec, "a worlds spec, e.g. configs/worlds/graphlog57.yaml")
      ->required();
  command->add_option("-o,--output", options->output, "the folder to write (made whole or not)")
      ->required();
  command->add_option("--set", options->assignments,
                      "key=value over the spec, e.g. pool=30 or dataset.count=100");
  command->callback([options] {
    WorldsRunSummary summary = run_worlds(options->spec, options->assignments, options->output);
    std::printf("%s\nbuilt in %.1f s; wrote %s\n", describe_worlds(summary.set).c_str(),
                summary.seconds, options->output.c_str());
  });
}

}  // namespace railyard
