// railyard-assetgen: builds every mesh of assets/ procedurally, with its coarse copy (detail.h),
// writes them as glTF binaries, and writes assets/manifest.yaml from the same dimensions. Output
// is byte-for-byte reproducible, so the committed files can be checked against a fresh run.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "tools/assetgen/catalogue.h"
#include "tools/assetgen/detail.h"
#include "tools/assetgen/glb_writer.h"
#include "tools/assetgen/manifest_writer.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace {

// Builds the entry at the current level of detail (detail.h) and writes it under `folder`;
// returns its triangle count.
std::size_t write_asset(const railyard::assetgen::CatalogueEntry& entry,
                        const std::filesystem::path& folder) {
  std::filesystem::path file = folder / entry.path;
  railyard::assetgen::Asset asset = entry.build();
  railyard::file_system::create_folders(file.parent_path());
  railyard::assetgen::write_glb(asset, file);
  return asset.triangle_count();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Generate the railyard asset meshes (glTF 2.0 binaries)"};
  std::string out_dir;
  bool quiet = false;
  app.add_option("output", out_dir,
                 "assets folder to write trains/, blocks/ and manifest.yaml into")
      ->required();
  app.add_flag("-q,--quiet", quiet, "print nothing but errors");
  CLI11_PARSE(app, argc, argv);

  try {
    std::size_t total = 0, coarse_total = 0;
    for (const auto& entry : railyard::assetgen::catalogue()) {
      std::size_t triangles = write_asset(entry, out_dir);
      std::size_t coarse_triangles = 0;
      {
        railyard::assetgen::CoarseDetail coarse;
        coarse_triangles =
            write_asset(entry, std::filesystem::path(out_dir) / railyard::assetgen::kCoarseFolder);
      }
      total += triangles;
      coarse_total += coarse_triangles;
      if (!quiet)
        std::printf("%-36s %7zu triangles, coarse %7zu\n", entry.path.c_str(), triangles,
                    coarse_triangles);
    }
    if (!quiet) std::printf("%-36s %7zu triangles, coarse %7zu\n", "total", total, coarse_total);
    // Whole or not at all: a failed run leaves the manifest that was there (util/atomic_file.h).
    railyard::write_file_atomically(std::filesystem::path(out_dir) / "manifest.yaml",
                                    railyard::assetgen::manifest_yaml());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "railyard-assetgen: %s\n", e.what());
    return 1;
  }
  return 0;
}
