// Writes an Asset as a binary glTF 2.0 file through Assimp's exporter. Our frame is Z-up, glTF's
// is Y-up: positions and normals are rotated on the way out (x, y, z) -> (x, z, -y), and the
// loader (scenes/asset_library.h) rotates them back.
#pragma once

#include <filesystem>

#include "tools/assetgen/asset.h"

namespace railyard::assetgen {

// Throws std::runtime_error when Assimp cannot write the file.
void write_glb(const Asset& asset, const std::filesystem::path& file);

}  // namespace railyard::assetgen
