#include "tools/dataset/run_lock.h"

#include <unistd.h>

#include <ctime>

#include "logic/errors.h"
#include "util/atomic_file.h"
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
  for (const auto& entry : wanted) {
    std::string key = entry.first.as<std::string>();
    if (YAML::Dump(stored[key]) != YAML::Dump(entry.second))
      changed += (changed.empty() ? "" : ", ") + key + " (was " + YAML::Dump(stored[key]) +
                 ", now " + YAML::Dump(entry.second) + ")";
  }
  if (!changed.empty())
    throw ConfigError("the config differs from the one that started " + paths.root().string() +
                      ": " + changed +
                      ". Resume with the same config, or choose another output folder.");
  return lock;
}

}  // namespace

RunLock acquire_run_lock(const DatasetConfig& config, const DatasetPaths& paths) {
  std::string text = std::string(kDatePrefix) + today() + "\n" + emit_dataset_config(config);
  if (!std::filesystem::exists(paths.config_lock())) {
    // Written beside, then hard-linked into place: link() fails when another shard got there
    // first, and then that shard's lock is the one to check against.
    auto temp =
        paths.root() / (".config.yaml" + std::string(kTempMarker) + std::to_string(getpid()));
    write_file_atomically(temp, text);
    std::error_code error;
    std::filesystem::create_hard_link(temp, paths.config_lock(), error);
    std::filesystem::remove(temp);
  }
  return check_against(read_file_text(paths.config_lock()), config, paths);
}

RunLock read_run_lock(const DatasetConfig& config, const DatasetPaths& paths) {
  if (!std::filesystem::exists(paths.config_lock()))
    throw ConfigError("no dataset started at " + paths.root().string() +
                      " (no config.yaml there): generate it, or its shards, first");
  return check_against(read_file_text(paths.config_lock()), config, paths);
}

}  // namespace railyard
