// assets/manifest.yaml, written from the generator's own dimensions: every number the layout
// reads (spacings, mount points, axle and load positions) comes from trains_dimensions.h and
// blocks_dimensions.h, so the manifest and the meshes cannot drift apart. The format is
// described in assets/README.md and read by scenes/asset_manifest.h.
#pragma once

#include <string>

namespace railyard::assetgen {

// The whole manifest text; byte-for-byte the same on every run.
std::string manifest_yaml();

}  // namespace railyard::assetgen
