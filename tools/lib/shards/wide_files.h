// A folder's dataset-wide files (manifests, configs, splits, description files, ...) copied to the
// same places in a staged folder: what pack puts beside the shards, and unpack back beside the
// samples. Hidden files and temporaries are never copied; `skipped` leaves out more (the
// per-sample folders, the shards), given each entry's path relative to the folder.
#pragma once

#include <filesystem>
#include <functional>

#include "util/staged_folder.h"

namespace railyard {

void copy_wide_files(StagedFolder& staged, const std::filesystem::path& sub,
                     const std::filesystem::path& root,
                     const std::function<bool(const std::filesystem::path&)>& skipped);

}  // namespace railyard
