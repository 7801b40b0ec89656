// Writes an Asset as a binary glTF 2.0 file (util/gltf_scene.h). Our frame is Z-up, glTF's
// is Y-up: positions and normals are rotated on the way out (x, y, z) -> (x, z, -y), and the
// loader (scenes/asset_library.h) rotates them back.
#pragma once

#include <filesystem>

#include "tools/assetgen/asset.h"

namespace railyard::assetgen {

// The file appears whole or not at all. Throws std::runtime_error when Assimp cannot export the
// asset, IoError when the file cannot be written.
void write_glb(const Asset& asset, const std::filesystem::path& file);

}  // namespace railyard::assetgen
