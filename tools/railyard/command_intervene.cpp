// `railyard intervene`: a dataset of base/intervened pairs (tools/lib/dataset/pairs/pairs_run.h).
#include <cstdio>
#include <filesystem>

#include "logic/errors.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "tools/railyard/path_checks.h"
#include "tools/railyard/run_flags.h"
#include "util/file_system.h"

namespace railyard {

void add_intervene_command(CLI::App& app) {
  auto options = std::make_shared<ConfigOptions>();
  CLI::App* intervene = app.add_subcommand(
      "intervene", "render base/intervened pairs of trains and pairs.jsonl (interventions:)");
  add_config_options(*intervene, *options, /*with_file=*/false);
  // [CONFIG] [key=value ...]: a config file first, if any, then assignments after the flags.
  intervene
      ->add_option_function<std::vector<std::string>>(
          "config_and_settings",
          [options](const std::vector<std::string>& words) {
            for (std::size_t i = 0; i < words.size(); ++i) {
              if (words[i].find('=') != std::string::npos) {
                options->assignments.push_back(words[i]);
              } else if (i == 0) {
                if (std::string fault = file_fault(words[i]); !fault.empty())
                  throw ConfigError("config file " + fault);
                options->config_file = words[i];
              } else {
                throw ConfigError("'" + words[i] +
                                  "': expected key=value, e.g. interventions.max_edits=2");
              }
            }
          },
          "dataset config (YAML), then key=value assignments applied after the flags")
      ->expected(0, -1);
  add_run_command(*intervene, options, "render only pairs i, i+N, ... (i/N)",
                  RunCommand::Intervene);
}

}  // namespace railyard
