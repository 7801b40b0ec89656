// outputs.scene: glb end to end: every sample's .glb beside its image, its check in the record,
// checked by verify and by a resumed run, the same bytes from shards and merge, on both sides of
// intervention pairs; and a dataset without it keeps the bytes it had before the key existed.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/dataset_snapshot.h"
#include "tests/support/run_options.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/pairs/pairs_run.h"
#include "tools/lib/dataset/run_kinds/dataset_verify.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/glb_file.h"
#include "tools/lib/records/formats/sample_record.h"
#include "util/content_hash.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

class SceneOutputTest : public testing::ScratchDirTest {
 protected:
  DatasetConfig config(const std::string& sub, SceneFormat scene = SceneFormat::Glb) {
    DatasetConfig c;
    c.count = 6;
    c.seed = 4;
    c.width = 96;
    c.height = 54;
    c.splits = {0.5, 0.25, 0.25};
    c.output = dir_ / sub;
    c.threads = 2;
    c.backend = testing::test_backend();
    c.samples = testing::test_samples();
    c.outputs.scene = scene;
    return c;
  }
  static DatasetPaths paths(const DatasetConfig& c) {
    return DatasetPaths(dataset_identity(c, "theoryx", "base_scene"));
  }
  static RunOptions options(Shard shard = {}) { return testing::test_run_options(shard); }

  static std::vector<std::string> faults(const fs::path& root) {
    std::vector<std::string> all;
    for (const VerifyReport& report : verify_dataset(root))
      all.insert(all.end(), report.faults.begin(), report.faults.end());
    return all;
  }
};

TEST_F(SceneOutputTest, EverySampleHasItsCheckedScene) {
  DatasetConfig c = config("glb");
  generate_dataset(c, options());
  DatasetPaths p = paths(c);
  for (std::uint64_t i = 0; i < c.count; ++i) {
    SampleRecord record = read_sample_record(p.record(i));
    ASSERT_EQ(record.files.scene, std::to_string(i) + "_m_train.glb");
    std::string bytes = read_file_text(p.scene_glb(i));
    ASSERT_TRUE(record.files.scene_check);
    EXPECT_EQ(record.files.scene_check->bytes, bytes.size());
    EXPECT_EQ(record.files.scene_check->sha256, sha256_hex(bytes));
    Glb glb = parse_glb({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
    EXPECT_EQ(glb.json["scenes"][0]["extras"]["index"], i);
    EXPECT_EQ(glb.json["scenes"][0]["extras"]["label"], std::string(name(record.train.label)));
  }
  auto all_scenes = nlohmann::json::parse(read_file_text(p.all_scenes()));
  EXPECT_EQ(all_scenes["scenes"][0]["scene_filename"], "0_m_train.glb");
  EXPECT_TRUE(faults(p.root()).empty());
}

TEST_F(SceneOutputTest, VerifyAndResumeCatchADamagedScene) {
  DatasetConfig c = config("damaged");
  generate_dataset(c, options());
  DatasetPaths p = paths(c);
  std::string original = read_file_text(p.scene_glb(2));
  std::string damaged = original;
  damaged[damaged.size() / 2] ^= 0x5a;  // same size: only the SHA-256 tells
  std::ofstream(p.scene_glb(2), std::ios::binary) << damaged;
  std::vector<std::string> found = faults(p.root());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("scenes/2_m_train.glb"), std::string::npos) << found[0];
  EXPECT_NE(found[0].find("SHA-256"), std::string::npos) << found[0];

  fs::remove(p.scene_glb(2));
  std::ofstream(p.scenes() / "stray.glb") << "x";
  found = faults(p.root());
  auto has = [&found](const std::string& text) {
    return std::any_of(found.begin(), found.end(),
                       [&](const std::string& f) { return f.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(has("scenes/2_m_train.glb: missing"));
  EXPECT_TRUE(has("stray.glb: no record names this file"));
  fs::remove(p.scenes() / "stray.glb");

  RunSummary rerun = generate_dataset(c, options());  // the cheap check finds it missing
  EXPECT_EQ(rerun.redone, 1u);
  EXPECT_EQ(read_file_text(p.scene_glb(2)), original);
  EXPECT_TRUE(faults(p.root()).empty());
}

TEST_F(SceneOutputTest, ShardsAndMergeWriteTheSameBytes) {
  DatasetConfig single = config("single");
  generate_dataset(single, options());
  DatasetConfig sharded = config("sharded");
  sharded.threads = 1;
  for (std::uint64_t i = 0; i < 2; ++i) generate_dataset(sharded, options({i, 2}));
  merge_dataset(sharded, options());
  auto left = testing::dataset_snapshot(paths(single).root());
  auto right = testing::dataset_snapshot(paths(sharded).root());
  EXPECT_EQ(left.size(), right.size());
  for (const auto& [name, bytes] : left) EXPECT_TRUE(right[name] == bytes) << name;
  EXPECT_TRUE(left.count("scenes/5_m_train.glb"));
}

TEST_F(SceneOutputTest, PairsWriteTheScenesOfBothSides) {
  DatasetConfig c = config("pairs");
  c.count = 4;
  c.outputs.depth_exr = false;
  c.interventions.mode = InterventionMode::Flip;
  RunSummary summary = intervene_dataset(c, options());
  std::size_t sides = 0;
  for (const auto& entry : fs::recursive_directory_iterator(summary.root))
    if (entry.path().filename() == "0_m_train.glb") ++sides;
  EXPECT_EQ(sides, 2u);
  EXPECT_TRUE(faults(summary.root).empty());
}

TEST_F(SceneOutputTest, WithoutScenesTheBytesAreThoseOfBefore) {
  DatasetConfig c = config("none", SceneFormat::None);
  generate_dataset(c, options());
  DatasetPaths p = paths(c);
  EXPECT_FALSE(fs::exists(p.scenes()));
  std::string record = read_file_text(p.record(0));
  EXPECT_EQ(record.find("\"scene\": \"0_m"), std::string::npos);
  EXPECT_EQ(read_file_text(p.config_lock()).find("scene: none"), std::string::npos);
}

}  // namespace
}  // namespace railyard
