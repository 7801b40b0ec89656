// The files whose contents shape a dataset (rule, background, scene, asset manifest and every mesh
// it names) with their SHA-256. They are recorded when a dataset starts (inputs.json beside the
// config lock, and the manifest) and checked on resume and merge: a rule edited between a killed
// run and its resume would otherwise finish a dataset labelled half by one rule and half by
// another.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/lib/dataset/inputs.h"
#include "tools/lib/records/input_files.h"

namespace railyard {

// Reads and hashes every input, in a fixed order (meshes sorted by path, each once). Throws
// IoError or SceneError naming a file that cannot be read.
std::vector<InputFile> hash_input_files(const DatasetInputs& inputs);

// Compares the files a dataset was started with (`recorded`) with today's. Returns "" when they
// agree, else a message naming each file that changed, appeared or disappeared.
std::string input_file_changes(const std::vector<InputFile>& recorded,
                               const std::vector<InputFile>& now);

}  // namespace railyard
