// The committed assets, meshes and manifest, are exactly what railyard-assetgen makes, so nobody
// edits generated files by hand and the generator stays reproducible.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "test_data.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

std::string bytes_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::set<std::string> model_files(const fs::path& root) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().extension() == ".glb")
      out.insert(fs::relative(e.path(), root).string());
  return out;
}

TEST(Assets, CommittedFilesEqualAFreshGeneratorRun) {
  fs::path out = fs::temp_directory_path() / ("railyard_assetgen_" + std::to_string(::getpid()));
  fs::remove_all(out);
  std::string command =
      std::string("\"") + RAILYARD_ASSETGEN + "\" --quiet \"" + out.string() + "\"";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  fs::path committed = testing::source_dir() / "assets";
  std::set<std::string> fresh = model_files(out);
  EXPECT_GT(fresh.size(), 50u);
  EXPECT_EQ(model_files(committed), fresh)
      << "assets/ holds other .glb files than the generator makes";
  for (const std::string& f : fresh)
    EXPECT_TRUE(bytes_of(out / f) == bytes_of(committed / f))
        << f << " differs from a fresh run: rerun railyard-assetgen " << committed;
  EXPECT_TRUE(bytes_of(out / "manifest.yaml") == bytes_of(committed / "manifest.yaml"))
      << "manifest.yaml differs from a fresh run: rerun railyard-assetgen " << committed;
  std::uintmax_t total = 0;
  for (const std::string& f : fresh) total += fs::file_size(out / f);
  EXPECT_LT(total, 4u << 20) << "the assets should stay under a few MiB";
  fs::remove_all(out);
}

TEST(Assets, GeneratorRunsAreIdentical) {
  fs::path a = fs::temp_directory_path() / ("railyard_assetgen_a_" + std::to_string(::getpid()));
  fs::path b = fs::temp_directory_path() / ("railyard_assetgen_b_" + std::to_string(::getpid()));
  for (const fs::path& dir : {a, b}) {
    fs::remove_all(dir);
    std::string command =
        std::string("\"") + RAILYARD_ASSETGEN + "\" --quiet \"" + dir.string() + "\"";
    ASSERT_EQ(std::system(command.c_str()), 0);
  }
  for (const std::string& f : model_files(a)) EXPECT_TRUE(bytes_of(a / f) == bytes_of(b / f)) << f;
  EXPECT_TRUE(bytes_of(a / "manifest.yaml") == bytes_of(b / "manifest.yaml"));
  fs::remove_all(a);
  fs::remove_all(b);
}

}  // namespace
}  // namespace railyard
