// Every file of a dataset tree with its bytes, minus what may differ between runs of the same
// config: the wall times (runs/ folders, the manifests' timing block). Two runs, sharded or
// not, resumed or not, must give equal snapshots.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace railyard::testing {

inline std::map<std::string, std::string> dataset_snapshot(const std::filesystem::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::string relative = std::filesystem::relative(entry.path(), root).string();
    if (relative.starts_with("runs/") || relative.find("/runs/") != std::string::npos) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (relative.ends_with("manifest.json")) {
      auto manifest = nlohmann::json::parse(bytes);
      manifest.erase("timing");
      bytes = manifest.dump();
    }
    files[relative] = bytes;
  }
  return files;
}

}  // namespace railyard::testing
