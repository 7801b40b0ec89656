// The files whose contents shape a dataset (rule, background, scene, asset manifest and each mesh
// it names) with their SHA-256, as a dataset records them when it starts: inputs.json beside its
// config lock, and the manifest's "inputs". Written and read here only, typed.
//
//   [{"role": "rule" | "background" | "scene" | "manifest" | "mesh", "path", "sha256"}, ...]
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/lib/records/json/json_fields.h"

namespace railyard {

struct InputFile {
  std::string role;    // "rule", "background", "scene", "manifest", "mesh"
  std::string path;    // relative to the data folder when inside it, else as resolved
  std::string sha256;  // of the file's bytes, 64 hex digits

  bool operator==(const InputFile&) const = default;
};

nlohmann::ordered_json input_files_json(const std::vector<InputFile>& files);
// Throws DatasetError naming the origin and the key ("inputs[2].sha256").
template <class Json>
std::vector<InputFile> input_files_from_json(const JsonField<Json>& list);
// inputs.json; throws DatasetError (IoError when it cannot be read).
std::vector<InputFile> read_input_files(const std::filesystem::path& file);

// The file of `role` ("rule", "background"); nullptr when none has it.
const InputFile* find_input(const std::vector<InputFile>& files, std::string_view role);

}  // namespace railyard
