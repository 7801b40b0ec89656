#include "tools/lib/dataset/run_lock.h"

#include <unistd.h>

#include <ctime>
#include <fstream>

#include "logic/errors.h"
#include "tools/lib/records/json/json_fields.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/read_file.h"

namespace railyard {
namespace {

constexpr std::string_view kDatePrefix = "# railyard dataset started ";

std::string today() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
  return text;
}

// The keys whose values differ, dotted ("interventions.max_edits"), with both values: a section
// (a map in both configs: interventions, outputs, splits, backend_options, constraints) is
// compared key by key, any other value whole. A top-level key only the stored config has (a key
// a later version dropped) is not a difference, as before; nor is a key only the wanted config
// has whose value is its default (a key a later version added, e.g. the `sequence:` section),
// so a dataset started by an earlier release resumes.
void collect_changes(const YAML::Node& stored, const YAML::Node& wanted, const YAML::Node& defaults,
                     const std::string& key, std::string& changed) {
  auto report = [&](const std::string& name, const std::string& was, const std::string& now) {
    changed += (changed.empty() ? "" : ", ") + name + " (was " + was + ", now " + now + ")";
  };
  if (!stored && defaults && YAML::Dump(defaults) == YAML::Dump(wanted)) return;
  if (stored && stored.IsMap() && wanted.IsMap()) {
    for (const auto& entry : wanted) {
      std::string name = entry.first.as<std::string>();
      YAML::Node fallback = defaults && defaults.IsMap() ? defaults[name] : YAML::Node();
      collect_changes(stored[name], entry.second, fallback, key.empty() ? name : key + "." + name,
                      changed);
    }
    if (!key.empty())
      for (const auto& entry : stored) {
        std::string name = entry.first.as<std::string>();
        if (!wanted[name]) report(key + "." + name, YAML::Dump(entry.second), "none");
      }
    return;
  }
  // Lists of the same length (exports) name the item: exports[0].vocabulary.
  if (stored && stored.IsSequence() && wanted.IsSequence() && stored.size() == wanted.size()) {
    for (std::size_t i = 0; i < wanted.size(); ++i)
      collect_changes(stored[i], wanted[i], YAML::Node(), key + "[" + std::to_string(i) + "]",
                      changed);
    return;
  }
  std::string was = stored ? YAML::Dump(stored) : "none", now = YAML::Dump(wanted);
  if (was != now) report(key, was, now);
}

RunLock check_against(const std::string& text, const DatasetConfig& config,
                      const DatasetPaths& paths) {
  RunLock lock;
  if (text.starts_with(kDatePrefix))
    lock.created_date = text.substr(kDatePrefix.size(), text.find('\n') - kDatePrefix.size());
  YAML::Node stored, wanted = YAML::Load(emit_dataset_config(config));
  try {
    stored = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(paths.config_lock().string() + ": unreadable (" + e.msg +
                      "); remove the dataset folder to start again");
  }
  std::string changed;
  const DatasetConfig defaults;
  collect_changes(stored, wanted, YAML::Load(emit_dataset_config(defaults)), "", changed);
  if (!changed.empty())
    throw ConfigError("the config differs from the one that started " + paths.root().string() +
                      ": " + changed +
                      ". Resume with the same config, or choose another output folder.");
  return lock;
}

}  // namespace

bool has_run_lock(const DatasetPaths& paths) {
  if (!file_system::is_regular_file(paths.config_lock())) return false;
  std::ifstream in = open_input_stream(paths.config_lock());
  std::string first(kDatePrefix.size(), '\0');
  in.read(first.data(), static_cast<std::streamsize>(first.size()));
  return first == kDatePrefix;
}

namespace {

// Written beside, then hard-linked into place: link() fails when another shard got there first,
// and then that shard's file is the one to check against.
void create_once(const std::filesystem::path& file, const std::string& text) {
  if (file_system::exists(file)) return;
  std::string name = ".";
  name += file.filename().string();
  name += kTempMarker;
  name += std::to_string(getpid());
  auto temp = file.parent_path() / name;
  write_file_atomically(temp, text);
  std::error_code error;
  std::filesystem::create_hard_link(temp, file, error);
  file_system::remove_file(temp);
}

std::vector<InputFile> check_inputs(const DatasetPaths& paths, const std::vector<InputFile>& now) {
  // A dataset started before inputs were recorded has none to check; it gets today's.
  if (!file_system::exists(paths.input_lock()))
    create_once(paths.input_lock(), input_lock_text(now));
  std::vector<InputFile> recorded;
  try {
    recorded = read_record_file<std::vector<InputFile>>(paths.input_lock());
  } catch (const DatasetError& e) {
    throw ConfigError(std::string(e.what()) + "; remove the dataset folder to start again");
  }
  std::string changes = input_file_changes(recorded, now);
  if (!changes.empty())
    throw ConfigError("the input files differ from those that started " + paths.root().string() +
                      ": " + changes +
                      ". Restore them to resume, or choose another output folder.");
  return recorded;
}

}  // namespace

std::string config_lock_text(const std::string& created_date, const std::string& dataset_config) {
  return std::string(kDatePrefix) + created_date + "\n" + dataset_config;
}

std::string input_lock_text(const std::vector<InputFile>& inputs) {
  return input_files_json(inputs).dump(2) + "\n";
}

RunLock acquire_run_lock(const DatasetConfig& config, const std::vector<InputFile>& inputs,
                         const DatasetPaths& paths) {
  // Inputs first: a lock with a config always has its inputs beside it.
  create_once(paths.input_lock(), input_lock_text(inputs));
  create_once(paths.config_lock(), config_lock_text(today(), emit_dataset_config(config)));
  return read_run_lock(config, inputs, paths);
}

RunLock read_run_lock(const DatasetConfig& config, const std::vector<InputFile>& inputs,
                      const DatasetPaths& paths) {
  if (!file_system::exists(paths.config_lock()))
    throw ConfigError("no dataset started at " + paths.root().string() +
                      " (no config.yaml there): generate it, or its shards, first");
  RunLock lock = check_against(read_file_text(paths.config_lock()), config, paths);
  lock.inputs = check_inputs(paths, inputs);
  return lock;
}

}  // namespace railyard
