#include "tools/railyard/config_options.h"

#include <algorithm>
#include <cstdio>

#include "logic/errors.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/railyard/path_checks.h"

namespace railyard {
namespace {

// -c roof=none,flat (allowed values) or -c color=red:3,blue:1 (weights), as a constraints entry.
std::string constraint_assignment(const std::string& spec) {
  std::size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
    throw ConfigError("--constraint '" + spec +
                      "': expected descriptor=values, e.g. roof=none,flat or color=red:3,blue:1");
  std::string values = spec.substr(eq + 1);
  bool weights = values.find(':') != std::string::npos;
  std::string yaml;
  std::size_t begin = 0;
  while (begin <= values.size()) {
    std::size_t comma = std::min(values.find(',', begin), values.size());
    std::string item = values.substr(begin, comma - begin);
    if (weights) {
      std::size_t colon = item.find(':');
      if (colon == std::string::npos)
        throw ConfigError("--constraint '" + spec + "': '" + item + "' has no :weight");
      item = item.substr(0, colon) + ": " + item.substr(colon + 1);
    }
    yaml += (yaml.empty() ? "" : ", ") + item;
    begin = comma + 1;
  }
  return "constraints." + spec.substr(0, eq) + "=" + (weights ? "{" : "[") + yaml +
         (weights ? "}" : "]");
}

bool wanted(std::string_view key, std::initializer_list<std::string_view> keys) {
  return keys.size() == 0 || std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

std::string long_flag(const std::string& flag) {
  return flag.substr(flag.rfind(',') == std::string::npos ? 0 : flag.rfind(',') + 1);
}

DatasetConfig effective_config(const ConfigOptions& options) {
  return build_config(options.config_file, options.assignments, "command line");
}

RunOptions run_options(const ConfigOptions& options) {
  RunOptions run;
  run.data_dir = data_root();
  run.version = RAILYARD_VERSION;
  run.progress = !options.quiet;
  return run;
}

void add_config_options(CLI::App& command, ConfigOptions& options, bool with_file,
                        std::initializer_list<std::string_view> keys) {
  if (with_file)
    command.add_option("config", options.config_file, "dataset config (YAML)")
        ->check(existing_file());
  std::vector<std::string>& assignments = options.assignments;
  // Each occurrence is recorded as it is parsed, so flags and --set apply in command-line order.
  command
      .add_option_function<std::string>(
          "--set", [&assignments](const std::string& a) { assignments.push_back(a); },
          "set any config key, repeatable, in order with the flags: --set splits.val=0.2")
      ->expected(1)
      ->trigger_on_parse();
  add_schema_flags<DatasetConfig>(
      command, dataset_schema(),
      [&assignments](const Setting<DatasetConfig>& setting, const std::string& value) {
        assignments.push_back(setting.key + "=" + value);
      },
      [keys](const Setting<DatasetConfig>& setting) { return wanted(setting.key, keys); });
  if (wanted("constraints", keys))
    command
        .add_option_function<std::string>(
            "-c,--constraint",
            [&assignments](const std::string& spec) {
              assignments.push_back(constraint_assignment(spec));
            },
            "constraint on a descriptor, repeatable: roof=none,flat or color=red:3,blue:1")
        ->expected(1)
        ->trigger_on_parse();
  if (wanted("min_cars", keys) && wanted("max_cars", keys))
    command
        .add_option_function<std::string>(
            "--cars",
            [&assignments](const std::string& n) {
              assignments.push_back("min_cars=" + n);
              assignments.push_back("max_cars=" + n);
            },
            "exact number of cars (min_cars and max_cars)")
        ->expected(1)
        ->trigger_on_parse();
  command.add_flag("-q,--quiet", options.quiet, "no progress output");
}

}  // namespace railyard
