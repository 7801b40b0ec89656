// The files whose contents shape a dataset (rule, background, scene, asset manifest and each mesh
// it names) with their SHA-256, as a dataset records them when it starts: inputs.json beside its
// config lock, and the manifest's "inputs". Written and read here only, typed.
//
//   [{"role": "rule" | "background" | "scene" | "manifest" | "mesh", "path", "sha256"}, ...]
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/records/formats/record_members.h"

namespace railyard {

struct InputFile {
  std::string role;    // "rule", "background", "scene", "manifest", "mesh"
  std::string path;    // relative to the data folder when inside it, else as resolved
  std::string sha256;  // of the file's bytes, 64 hex digits

  bool operator==(const InputFile&) const = default;
};

RAILYARD_RECORD(InputFile, role, path, sha256)
void check_record(const RecordPlace& at, const InputFile& file);  // a role and a SHA-256

// inputs.json; read_record_file<std::vector<InputFile>> throws DatasetError naming the key
// ("[2].sha256"; IoError when it cannot be read).
nlohmann::ordered_json input_files_json(const std::vector<InputFile>& files);

// The file of `role` ("rule", "background"); nullptr when none has it.
const InputFile* find_input(const std::vector<InputFile>& files, std::string_view role);

}  // namespace railyard
