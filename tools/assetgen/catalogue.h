// Every generated asset file: its path under assets/ and the function that builds it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tools/assetgen/asset.h"

namespace railyard::assetgen {

struct CatalogueEntry {
  std::string path;  // relative to the assets folder, e.g. "trains/locomotive.glb"
  std::function<Asset()> build;
};

std::vector<CatalogueEntry> catalogue();

}  // namespace railyard::assetgen
