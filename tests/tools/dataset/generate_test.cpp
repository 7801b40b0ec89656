// The dataset run end to end, on real components: sampling and labelling with the Prolog engine,
// layout, the raster backend, annotations and every writer. Small images keep it quick.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "logic/balanced_set.h"
#include "logic/errors.h"
#include "tests/support/dataset_snapshot.h"
#include "tests/support/run_options.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/pipeline_times.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/dataset/writer_lock.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/sample_files.h"
#include "util/content_hash.h"
#include "util/exr_io.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> snapshot(const fs::path& root) {
  return testing::dataset_snapshot(root);
}

class GenerateTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() /
        ("railyard_generate_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  DatasetConfig config(const std::string& sub) {
    DatasetConfig c;
    c.count = 10;
    c.seed = 3;
    c.rule = "theoryx";
    c.width = 96;
    c.height = 54;
    c.subsets = {4};
    c.splits = {0.6, 0.2, 0.2};
    c.output = root_ / sub;
    c.threads = 2;
    c.backend = testing::test_backend();
    c.samples = testing::test_samples();
    return c;
  }
  RunOptions options(Shard shard = {}) { return testing::test_run_options(shard); }

  // Two-image datasets under `a` and `b` whose outputs `vary` sets apart; their depth EXRs.
  template <class Vary>
  std::vector<std::pair<fs::path, fs::path>> depth_pairs(const std::string& a, const std::string& b,
                                                         Vary vary) {
    DatasetConfig first = config(a), second = config(b);
    first.count = second.count = 2;
    first.subsets = second.subsets = {};
    vary(first.outputs, second.outputs);
    generate_dataset(first, options());
    generate_dataset(second, options());
    std::vector<std::pair<fs::path, fs::path>> pairs;
    for (std::uint64_t i = 0; i < 2; ++i)
      pairs.emplace_back(
          DatasetPaths(dataset_identity(first, "theoryx", "base_scene")).depth_exr(i),
          DatasetPaths(dataset_identity(second, "theoryx", "base_scene")).depth_exr(i));
    return pairs;
  }

  fs::path root_;
};

// ZIP only trades CPU for bytes: both files hold the same metric depth.
TEST_F(GenerateTest, DepthExrCompressionKeepsTheDepth) {
  auto pairs = depth_pairs("plain", "zipped", [](OutputSelection& plain, OutputSelection& zipped) {
    plain.depth_exr_compression = ExrCompression::None;
    zipped.depth_exr_compression = ExrCompression::Zip;
  });
  for (const auto& [a, b] : pairs) {
    EXPECT_LT(fs::file_size(b), fs::file_size(a));
    Image<float> da = read_depth_exr(a), db = read_depth_exr(b);
    EXPECT_EQ(da.width, db.width);
    EXPECT_EQ(da.pixels, db.pixels);  // +infinity where nothing was hit compares equal too
  }
}

// The default half-float depth is the float depth of the same render to within 2^-11 of the
// distance (README: 4.9e-4 at most, about 2e-4 on average) in a fraction of the bytes.
TEST_F(GenerateTest, HalfDepthIsFloatDepthToARelativeTwoToTheMinusEleven) {
  ASSERT_EQ(OutputSelection{}.depth_exr_precision, DepthPrecision::Half);  // the default
  auto pairs = depth_pairs("half", "float", [](OutputSelection&, OutputSelection& full) {
    full.depth_exr_precision = DepthPrecision::Float;
  });
  double worst = 0.0, sum = 0.0;
  std::size_t finite = 0;
  for (const auto& [a, b] : pairs) {
    EXPECT_LT(fs::file_size(a) * 4, fs::file_size(b));
    Image<float> dh = read_depth_exr(a), df = read_depth_exr(b);
    ASSERT_EQ(dh.pixels.size(), df.pixels.size());
    for (std::size_t p = 0; p < df.pixels.size(); ++p) {
      if (!std::isfinite(df.pixels[p])) {
        EXPECT_EQ(dh.pixels[p], df.pixels[p]);
        continue;
      }
      double error = std::abs(static_cast<double>(dh.pixels[p]) - df.pixels[p]) / df.pixels[p];
      worst = std::max(worst, error);
      sum += error;
      ++finite;
    }
  }
  ASSERT_GT(finite, 0u);
  RecordProperty("max_relative_error", std::to_string(worst));
  RecordProperty("mean_relative_error", std::to_string(sum / static_cast<double>(finite)));
  std::printf("half-float depth: max relative error %.3g, mean %.3g over %zu pixels\n", worst,
              sum / static_cast<double>(finite), finite);
  EXPECT_LE(worst, std::ldexp(1.0, -11));
}

TEST_F(GenerateTest, WritesTheWholeDatasetInVlolLayout) {
  DatasetConfig c = config("a");
  RunSummary summary = generate_dataset(c, options());
  EXPECT_TRUE(summary.finalized);
  EXPECT_EQ(summary.rendered, 10u);
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  EXPECT_EQ(paths.root().filename(), "Trains_theoryx_MichalskiTrains_base_scene_len_2-4");
  for (std::uint64_t i = 0; i < 10; ++i) {
    EXPECT_TRUE(fs::exists(paths.image(i)));
    EXPECT_TRUE(fs::exists(paths.depth_png(i)));
    EXPECT_TRUE(fs::exists(paths.depth_exr(i)));
  }
  std::ifstream in(paths.all_scenes());
  auto all = nlohmann::json::parse(in);
  ASSERT_EQ(all["scenes"].size(), 10u);
  int east = 0;
  for (std::size_t i = 0; i < 10; ++i) {
    const auto& scene = all["scenes"][i];
    EXPECT_EQ(scene["image_index"], i);
    EXPECT_EQ(scene["classification_rule"], "theoryx");
    EXPECT_TRUE(scene["car_masks"].contains("loco"));
    east += scene["train"].get<std::string>().starts_with("east");
  }
  EXPECT_EQ(east, 5);
  std::ifstream coco_in(paths.coco());
  auto coco = nlohmann::json::parse(coco_in);
  EXPECT_EQ(coco["images"].size(), 10u);
  EXPECT_GT(coco["annotations"].size(), 40u);
  EXPECT_EQ(coco["categories"].size(), 7u);
  std::ifstream manifest_in(paths.manifest());
  auto manifest = nlohmann::json::parse(manifest_in);
  EXPECT_EQ(manifest["counts"]["samples"], 10);
  EXPECT_EQ(manifest["counts"]["east"], 5);
  EXPECT_TRUE(fs::exists(paths.splits() / "train_4.txt"));
  EXPECT_TRUE(fs::exists(paths.description_file()));
}

TEST_F(GenerateTest, SameBytesWhateverThreadsOrShards) {
  DatasetConfig single = config("single");
  generate_dataset(single, options());
  DatasetConfig sharded = config("sharded");
  sharded.threads = 1;
  for (std::uint64_t i = 0; i < 3; ++i) {
    RunSummary s = generate_dataset(sharded, options({i, 3}));
    EXPECT_FALSE(s.finalized);
  }
  merge_dataset(sharded, options());
  DatasetPaths a(dataset_identity(single, "theoryx", "base_scene")),
      b(dataset_identity(sharded, "theoryx", "base_scene"));
  auto left = snapshot(a.root()), right = snapshot(b.root());
  EXPECT_EQ(left.size(), right.size());
  for (const auto& [name, bytes] : left) EXPECT_TRUE(right[name] == bytes) << name;
}

// Several producing threads, each with its own renderer (frames in flight on a GPU), write the
// same bytes as one: a sample depends on its index alone.
TEST_F(GenerateTest, SameBytesWhateverRenderThreads) {
  DatasetConfig one = config("one"), three = config("three");
  one.render_threads = 1;
  three.render_threads = 3;
  RunSummary summary = generate_dataset(three, options());
  EXPECT_EQ(summary.rendered, three.count);
  generate_dataset(one, options());
  auto left = snapshot(DatasetPaths(dataset_identity(one, "theoryx", "base_scene")).root());
  auto right = snapshot(DatasetPaths(dataset_identity(three, "theoryx", "base_scene")).root());
  EXPECT_EQ(left.size(), right.size());
  for (const auto& [name, bytes] : left) EXPECT_TRUE(right[name] == bytes) << name;
}

// Timing a run's stages (bench pipeline) waits for the GPU before each read-back and changes
// no byte; every stage the config asks for is timed, and one it does not ask for is not.
TEST_F(GenerateTest, TimedStagesChangeNoByte) {
  DatasetConfig plain = config("plain"), timed = config("timed");
  generate_dataset(plain, options());
  PipelineTimes times;
  RunOptions timed_options = options();
  timed_options.times = &times;
  generate_dataset(timed, timed_options);
  auto left = snapshot(DatasetPaths(dataset_identity(plain, "theoryx", "base_scene")).root());
  auto right = snapshot(DatasetPaths(dataset_identity(timed, "theoryx", "base_scene")).root());
  EXPECT_EQ(left.size(), right.size());
  for (const auto& [name, bytes] : left) EXPECT_TRUE(right[name] == bytes) << name;
  for (const StageTime* stage :
       {&times.produce.at(0).layout, &times.produce.at(0).frame.draw,
        times.write[WriteStage::Annotations], times.write[WriteStage::ColourPng],
        times.write[WriteStage::Files]})
    EXPECT_GT(stage->wall_seconds, 0.0);
  EXPECT_EQ(times.write[WriteStage::Scene]->wall_seconds, 0.0);  // outputs.scene: none
  if (timed.backend == "raster") {  // the raster's passes, within its draw
    for (const StageTime& pass :
         {times.produce.at(0).frame.shadow, times.produce.at(0).frame.geometry,
          times.produce.at(0).frame.lighting, times.produce.at(0).frame.resolve})
      EXPECT_GT(pass.wall_seconds, 0.0);
  }
  // The colour stage's bytes are the images' files.
  DatasetPaths paths(dataset_identity(timed, "theoryx", "base_scene"));
  std::uint64_t image_bytes = 0;
  for (std::uint64_t i = 0; i < timed.count; ++i) image_bytes += fs::file_size(paths.image(i));
  EXPECT_EQ(times.write[WriteStage::ColourPng]->bytes, image_bytes);
}

TEST_F(GenerateTest, ResumeFinishesWithoutRedoingAndIgnoresLeftovers) {
  DatasetConfig c = config("resume");
  generate_dataset(c, options());
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  auto complete = snapshot(paths.root());
  // What a run killed mid-way leaves: missing samples, a half-written temporary, no final files.
  for (std::uint64_t i : {2u, 7u}) {
    fs::remove(paths.record(i));
    fs::remove(paths.image(i));
  }
  std::ofstream(paths.images() / ".7_m_train.png.railyard-tmp-999-0") << "half";
  fs::remove(paths.all_scenes());
  RunSummary again = generate_dataset(c, options());
  EXPECT_EQ(again.rendered, 2u);
  EXPECT_EQ(again.skipped, 8u);
  EXPECT_EQ(snapshot(paths.root()), complete);
}

// A sample is finished only while its files are what its record says: a rerun renders again a
// sample whose image was truncated, whose depth map was deleted, whose record is corrupt or was
// copied from another index, and so finishes with the uninterrupted run's bytes.
TEST_F(GenerateTest, RerunRendersAgainSamplesWhoseFilesFailTheirCheck) {
  DatasetConfig c = config("damaged");
  generate_dataset(c, options());
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  auto complete = snapshot(paths.root());
  fs::resize_file(paths.image(3), fs::file_size(paths.image(3)) / 2);
  fs::remove(paths.depth_exr(5));
  std::ofstream(paths.depth_png(8), std::ios::app) << "x";
  std::ofstream(paths.record(6)) << "{\"index\": 6, \"label\"";
  fs::copy_file(paths.record(1), paths.record(2), fs::copy_options::overwrite_existing);
  RunSummary again = generate_dataset(c, options());
  EXPECT_EQ(again.redone, 5u);
  EXPECT_EQ(again.rendered, 5u);
  EXPECT_EQ(again.skipped, 5u);
  EXPECT_EQ(snapshot(paths.root()), complete);
}

TEST_F(GenerateTest, RecordsCarryTheSizeAndHashOfTheirFiles) {
  DatasetConfig c = config("checks");
  c.count = 2;
  c.subsets = {};
  generate_dataset(c, options());
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  SampleRecord record = read_sample_record(paths.record(1));
  ASSERT_TRUE(record.files.image_check && record.files.depth_png_check &&
              record.files.depth_exr_check);
  EXPECT_EQ(record.files.image_check->bytes, fs::file_size(paths.image(1)));
  EXPECT_EQ(record.files.depth_exr_check->sha256, sha256_hex_of_file(paths.depth_exr(1)));
  EXPECT_EQ(sample_file_fault(paths, record, FileCheckDepth::Full), std::nullopt);
  // Same size, other bytes: only the full check sees it.
  std::string bytes = read_file_text(paths.image(1));
  bytes[bytes.size() / 2] ^= 1;
  std::ofstream(paths.image(1), std::ios::binary) << bytes;
  EXPECT_EQ(sample_file_fault(paths, record, FileCheckDepth::Cheap), std::nullopt);
  auto fault = sample_file_fault(paths, record, FileCheckDepth::Full);
  ASSERT_TRUE(fault.has_value());
  EXPECT_NE(fault->find("images/1_m_train.png"), std::string::npos) << *fault;
}

// kill -9 while the dataset-wide files are written leaves their temporaries in every folder a
// run writes; a rerun and a merge remove them all (and only this dataset's in the description
// folder that other datasets share), so the result is the uninterrupted run's bytes.
TEST_F(GenerateTest, RerunAndMergeRemoveEveryTemporaryAKilledRunLeft) {
  DatasetConfig c = config("killed");
  c.exports = {exports::ExportOptions{}};
  generate_dataset(c, options());
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  auto complete = snapshot(paths.root());
  fs::path descriptions = paths.description_file().parent_path();
  std::string description = paths.description_file().filename().string();
  fs::path foreign = descriptions / ".Other_len_2-4.txt.railyard-tmp-999-0";
  auto leave_temporaries = [&] {
    for (const fs::path& file :
         {paths.root() / ".manifest.json.railyard-tmp-999-0",
          paths.all_scenes().parent_path() / ".all_scenes.json.railyard-tmp-999-1",
          paths.coco().parent_path() / ".instances.json.railyard-tmp-999-2",
          paths.splits() / ".train.txt.railyard-tmp-999-3",
          paths.records() / ".4.json.railyard-tmp-999-4",
          paths.depths() / ".4_m_train.exr.railyard-tmp-999-5",
          paths.root() / "exports" / ".popper_relational.railyard-tmp-999-0" / "train" / "bk.pl",
          descriptions / ("." + description + ".railyard-tmp-999-6"), foreign}) {
      fs::create_directories(file.parent_path());
      std::ofstream(file) << "half-written";
    }
  };
  auto temporaries_under = [](const fs::path& root) {
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.path().filename().string().find(".railyard-tmp-") != std::string::npos)
        found.push_back(entry.path().string());
    return found;
  };
  leave_temporaries();
  generate_dataset(c, options());
  EXPECT_EQ(snapshot(paths.root()), complete);
  EXPECT_EQ(temporaries_under(paths.root()), std::vector<std::string>{});
  EXPECT_EQ(temporaries_under(descriptions), std::vector<std::string>{foreign.string()})
      << "another dataset's description temporary was removed, or this one's kept";

  leave_temporaries();
  merge_dataset(c, options());
  EXPECT_EQ(snapshot(paths.root()), complete);
  EXPECT_EQ(temporaries_under(paths.root()), std::vector<std::string>{});
  EXPECT_TRUE(fs::exists(foreign));
}

// A run writes only into a new or empty folder or a dataset a railyard run started: a person's
// files where the dataset would go are refused before any work, and left as they are (issue #40:
// they were overwritten).
TEST_F(GenerateTest, NeverWritesIntoAFolderItDidNotStart) {
  DatasetConfig c = config("foreign");
  fs::path root = DatasetPaths(dataset_identity(c, "theoryx", "base_scene")).root();
  fs::create_directories(root / "images");
  std::ofstream(root / "images" / "0_m_train.png") << "a person's picture";
  try {
    generate_dataset(c, options());
    FAIL() << "wrote into a folder it did not start";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("images/0_m_train.png"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_file_text(root / "images" / "0_m_train.png"), "a person's picture");
  EXPECT_FALSE(fs::exists(root / "records"));
  fs::remove_all(root);
  fs::create_directories(root / "images");  // empty folders are taken
  EXPECT_NO_THROW(generate_dataset(c, options()));
  EXPECT_NO_THROW(generate_dataset(c, options()));  // and its own dataset resumed
}

TEST_F(GenerateTest, ChangedConfigIsRefusedNamingTheKey) {
  DatasetConfig c = config("changed");
  c.exports = {exports::ExportOptions{}};  // a shard writes no exports: only the lock holds it
  generate_dataset(c, options({0, 2}));
  c.samples = 16;
  try {
    generate_dataset(c, options({1, 2}));
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("samples"), std::string::npos) << e.what();
  }
  // A key inside a section is named by its path, not by the whole section.
  c.samples = testing::test_samples();
  c.outputs.depth_exr = false;
  c.interventions.max_edits = 3;
  c.exports[0].vocabulary = exports::LogicVocabulary::Michalski;
  try {
    generate_dataset(c, options({1, 2}));
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("outputs.depth_exr (was true, now false)"), std::string::npos)
        << message;
    EXPECT_NE(message.find("interventions.max_edits (was 1, now 3)"), std::string::npos) << message;
    EXPECT_NE(message.find("exports[0].vocabulary (was relational, now michalski)"),
              std::string::npos)
        << message;
    EXPECT_EQ(message.find("depth_png"), std::string::npos) << "an unchanged key: " << message;
  }
}

TEST_F(GenerateTest, MergeBeforeAllShardsNamesTheMissingSamples) {
  DatasetConfig c = config("partial");
  generate_dataset(c, options({0, 2}));
  try {
    merge_dataset(c, options());
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("5 of 10 samples are not rendered yet: 1, 3"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(GenerateTest, UnreachableClassStopsBeforeAnyWork) {
  DatasetConfig c = config("unreachable");
  c.rule = (fs::path(RAILYARD_SOURCE_DIR) / "tests/tools/dataset/never_east.pl").string();
  c.max_attempts = 200;
  EXPECT_THROW(generate_dataset(c, options()), UnreachableClassError);
  EXPECT_FALSE(fs::exists(c.output));
}

// With combination filters one index can be unreachable while the first ones are fine: every
// index is sampled before any work. Here 5% of westbound trains must carry a short closed first
// car, which theoryx makes eastbound.
TEST_F(GenerateTest, ImpossibleConfounderStopsBeforeAnyWork) {
  DatasetConfig c = config("confounded");
  c.count = 200;
  c.max_attempts = 500;
  c.sampler.filters.confounder =
      Confounder{parse_pattern({{"car", "1"}, {"length", "short"}, {"roof", "flat"}}), 0.5, 0.05};
  try {
    generate_dataset(c, options());
    FAIL() << "expected UnreachableClassError";
  } catch (const UnreachableClassError& e) {
    EXPECT_NE(std::string(e.what()).find("(westbound)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("wrong presence of confounder"), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(c.output));
}

// Withheld labels: listed in the splits, marked in the records, the truth kept.
TEST_F(GenerateTest, SupervisionWithholdsLabelsAndKeepsTheTruth) {
  DatasetConfig c = config("semi");
  c.supervision = 0.4;
  generate_dataset(c, options());
  fs::path root = fs::path(c.output) / "Trains_theoryx_MichalskiTrains_base_scene_len_2-4";
  auto indices = [&](const std::string& name) {
    std::vector<std::uint64_t> list;
    std::ifstream in(root / "splits" / name);
    for (std::uint64_t i; in >> i;) list.push_back(i);
    return list;
  };
  auto labelled = indices("labelled.txt"), unlabelled = indices("unlabelled.txt");
  EXPECT_EQ(labelled.size() + unlabelled.size(), 10u);
  EXPECT_FALSE(unlabelled.empty());
  EXPECT_FALSE(labelled.empty());
  for (std::uint64_t i : unlabelled) {
    std::ifstream in(root / "records" / (std::to_string(i) + ".json"));
    auto record = nlohmann::json::parse(in);
    EXPECT_EQ(record["labelled"], false);
    EXPECT_TRUE(record["label"] == "east" || record["label"] == "west");
    EXPECT_EQ(record["label"], i % 2 ? "east" : "west");
  }
  std::ifstream in(root / "manifest.json");
  EXPECT_EQ(nlohmann::json::parse(in)["counts"]["withheld_labels"], unlabelled.size());
}

// A rule edited between a killed shard and the next would label half the dataset by each.
TEST_F(GenerateTest, AnEditedInputFileIsRefusedOnResumeAndMerge) {
  DatasetConfig c = config("edited");
  fs::create_directories(root_);
  fs::path rule = root_ / "my_rule.pl";
  fs::copy_file(fs::path(RAILYARD_SOURCE_DIR) / "logic/rules/theoryx.pl", rule);
  c.rule = rule.string();
  generate_dataset(c, options({0, 2}));
  std::ofstream(rule, std::ios::app) << "% edited\n";
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      if (attempt == 0)
        generate_dataset(c, options({1, 2}));
      else
        merge_dataset(c, options());
      FAIL() << "expected ConfigError";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("rule file " + rule.string() + " changed"),
                std::string::npos)
          << e.what();
    }
  }
  DatasetPaths paths(dataset_identity(c, "my_rule", "base_scene"));
  EXPECT_EQ(missing_samples(paths, c.count).size(), 5u);  // nothing of shard 1 was rendered
  auto manifest_inputs = nlohmann::json::parse(std::ifstream(paths.input_lock()));
  EXPECT_EQ(manifest_inputs[0]["role"], "rule");
  EXPECT_EQ(manifest_inputs[1]["path"], "logic/rules/background.pl");
}

// Two runs into one folder would both render everything, and each start would delete the other's
// temporary files; while one writes, the other is refused. Shards of one job share the folder.
TEST_F(GenerateTest, ALiveWriterKeepsOthersOut) {
  DatasetConfig c = config("writers");
  generate_dataset(c, options({0, 2}));
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  {
    WriterLock live_shard = WriterLock::for_run(paths, {1, 2});
    EXPECT_THROW(generate_dataset(c, options()), ConfigError);
    EXPECT_THROW(generate_dataset(c, options({1, 2})), ConfigError);
    EXPECT_THROW(merge_dataset(c, options()), ConfigError);
    // A sibling shard runs beside it and leaves the live shard's temporary alone.
    std::ofstream(paths.images() / ".3_m_train.png.railyard-tmp-999-0") << "being written";
    EXPECT_NO_THROW(generate_dataset(c, options({0, 2})));
    EXPECT_TRUE(fs::exists(paths.images() / ".3_m_train.png.railyard-tmp-999-0"));
  }
  generate_dataset(c, options({1, 2}));
  merge_dataset(c, options());  // alone in the folder: clears what killed runs left
  EXPECT_FALSE(fs::exists(paths.images() / ".3_m_train.png.railyard-tmp-999-0"));
  WriterLock whole = WriterLock::for_run(paths, {});
  EXPECT_THROW(generate_dataset(c, options({0, 2})), ConfigError);
}

TEST_F(GenerateTest, UnwritableOutputIsAClearError) {
  DatasetConfig c = config("x");
  fs::create_directories(root_);
  std::ofstream(root_ / "file") << "not a folder";
  c.output = root_ / "file";
  try {
    generate_dataset(c, options());
    FAIL() << "expected an error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find((root_ / "file").string()), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace railyard
