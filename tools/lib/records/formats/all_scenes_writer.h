// all_scenes.json, V-LoL's dataset-wide ground truth: {"info": {date, version, license},
// "scenes": [scene, ...]} in image order. Scenes are streamed to disk as they are appended (one
// per line), so datasets of 100k images never sit in memory; the file appears at its final path
// only when finish() succeeds (see atomic_file.h).
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "util/atomic_file.h"

namespace railyard {

struct DatasetInfo {
  std::string date;  // passed in, so reruns produce identical files
  std::string version;
  std::optional<std::string> license;  // null when absent, as V-LoL writes
};

// A scene object as one line of the file. Throws std::invalid_argument when it is not an object.
std::string dumped_scene(const nlohmann::ordered_json& scene);

class AllScenesWriter {
 public:
  // Throws IoError when the folder is missing or not writable.
  AllScenesWriter(const std::filesystem::path& path, const DatasetInfo& info);

  void append(const nlohmann::ordered_json& scene) { append_dumped(dumped_scene(scene)); }
  // A scene dumped by dumped_scene (on any thread: dumping is most of the file's work).
  void append_dumped(std::string_view scene);

  // Closes the list and moves the file into place. Without it (an exception, a kill) no file
  // appears at the final path.
  void finish();

  std::size_t scene_count() const { return count_; }

 private:
  void put(std::string_view text);
  void flush();

  AtomicFile file_;
  std::string buffer_;
  std::size_t count_ = 0;
};

}  // namespace railyard
