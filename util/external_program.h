// Helpers for running the optional external programs (swipl for the labelling comparison,
// blender for the path tracer's): finding one through PATH, as a shell would, and a scratch
// folder for the files handed to it.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace railyard {

// The first executable `name` in a PATH folder; nullopt when there is none or PATH is unset.
std::optional<std::filesystem::path> find_on_path(std::string_view name);

// A new folder <temp>/<prefix>-XXXXXX, removed with everything in it when this goes out of scope.
class TemporaryFolder {
 public:
  // Throws std::runtime_error when the folder cannot be made.
  explicit TemporaryFolder(std::string_view prefix);
  ~TemporaryFolder();
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace railyard
