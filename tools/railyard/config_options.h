// The config of the dataset commands (generate, merge, render, view, sheet, bench pipeline) and
// of the symbolic ones (sample, label, rule-stats): a YAML file, then every flag and --set in the
// order they are written on the command line, over the defaults. The flags come from the config
// schema (tools/lib/dataset/config.h): each key that declares one.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/dataset_run.h"

namespace railyard {

struct ConfigOptions {
  std::string config_file;
  // key=value from flags and --set, in command-line order.
  std::vector<std::string> assignments;
  bool print_config = false;
  bool quiet = false;
};

// Defaults, then the file, then the assignments in order.
DatasetConfig effective_config(const ConfigOptions& options);

// The data folder, version and progress of a run; its shard is the run flags' (run_flags.h).
RunOptions run_options(const ConfigOptions& options);

// The flag of each key of `schema` that declares one and that `wanted` takes (empty: all), with
// the key's help and type (and, given `defaults`, its default there; given `key_note`, the
// key's name after it: "(config: exports[].seed)"). Each occurrence calls `assign(setting,
// value)` as it is parsed, so flags apply in command-line order; a switch ("true|false") is a
// flag without a value, its value "true".
template <class Config>
void add_schema_flags(CLI::App& command, const Schema<Config>& schema,
                      std::function<void(const Setting<Config>&, const std::string& value)> assign,
                      std::function<bool(const Setting<Config>&)> wanted = {},
                      const Config* defaults = nullptr, const std::string& key_note = {}) {
  for (const Setting<Config>& setting : schema.settings()) {
    if (setting.flag.empty() || (wanted && !wanted(setting))) continue;
    std::string help = setting.help + " [" + setting.type + "]";
    if (!key_note.empty()) help += " (" + key_note + setting.key + ")";
    CLI::Option* option = nullptr;
    if (setting.type == "true|false") {
      option = command.add_flag_function(
          setting.flag, [assign, &setting](std::int64_t) { assign(setting, "true"); }, help);
    } else {
      option =
          command
              .add_option_function<std::string>(
                  setting.flag,
                  [assign, &setting](const std::string& value) { assign(setting, value); }, help)
              ->expected(1);
      if (defaults) option->default_str(Schema<Config>::value_text(setting, *defaults));
    }
    option->trigger_on_parse();
  }
}

// The flag's long name ("--noise-seed" of "--noise-seed", "--target" of "-t,--target"), for
// messages.
std::string long_flag(const std::string& flag);

// The config file argument (when `with_file`), --set, and the flag of every key that has one;
// `keys` limits the flags to these keys (empty: all). Also -c/--constraint, --cars (min_cars and
// max_cars at once) and -q/--quiet.
void add_config_options(CLI::App& command, ConfigOptions& options, bool with_file = true,
                        std::initializer_list<std::string_view> keys = {});

}  // namespace railyard
