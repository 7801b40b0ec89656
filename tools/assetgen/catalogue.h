// Every generated asset file: its path under assets/ and the function that builds it. The file
// names come from the functions below, which the manifest writer uses too.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/assetgen/asset.h"
#include "tools/assetgen/blocks_assets.h"

namespace railyard::assetgen {

struct CatalogueEntry {
  std::string path;  // relative to the assets folder, e.g. "trains/locomotive.glb"
  std::function<Asset()> build;
};

std::vector<CatalogueEntry> catalogue();

// "trains/<name>.glb", and "trains/<name>_short.glb" / "_long.glb" for parts sized per car.
std::string trains_file(std::string_view name);
std::string trains_file(std::string_view name, bool long_car);
// "blocks/<platform>_<short|long>[_top|_bottom].glb", "blocks/load_<load>.glb".
std::string blocks_platform_file(blocks::Platform p, bool long_car, blocks::Band band);
std::string blocks_load_file(blocks::Load l);

}  // namespace railyard::assetgen
