// The files whose contents shape a dataset (rule, background, scene, asset manifest and every mesh
// it names) with their SHA-256. They are recorded when a dataset starts (inputs.json beside the
// config lock, and the manifest) and checked on resume and merge: a rule edited between a killed
// run and its resume would otherwise finish a dataset labelled half by one rule and half by
// another.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/dataset/inputs.h"

namespace railyard {

struct InputFile {
  std::string role;    // "rule", "background", "scene", "manifest", "mesh"
  std::string path;    // relative to the data folder when inside it, else as resolved
  std::string sha256;  // of the file's bytes, 64 hex digits

  bool operator==(const InputFile&) const = default;
};

// Reads and hashes every input, in a fixed order (meshes sorted by path, each once). Throws
// IoError or SceneError naming a file that cannot be read.
std::vector<InputFile> hash_input_files(const DatasetInputs& inputs);

nlohmann::ordered_json input_files_json(const std::vector<InputFile>& files);

// Compares the files a dataset was started with (`recorded`, as input_files_json wrote them) with
// today's. Returns "" when they agree, else a message naming each file that changed, appeared or
// disappeared.
std::string input_file_changes(const nlohmann::json& recorded, const std::vector<InputFile>& now);

}  // namespace railyard
