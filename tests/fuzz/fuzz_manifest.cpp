#include <string>

#include "scenes/asset_manifest.h"
#include "tests/fuzz/fuzz_targets.h"
#include "util/input_error.h"

namespace railyard {

int fuzz_manifest(const std::uint8_t* data, std::size_t size) {
  try {
    AssetManifest manifest =
        parse_asset_manifest(std::string(reinterpret_cast<const char*>(data), size),
                             std::filesystem::path(RAILYARD_SOURCE_DIR) / "assets" / "fuzz.yaml");
    manifest.mesh_refs();
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace railyard
