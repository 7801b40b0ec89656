#include "tools/lib/records/dataset_manifest.h"

#include <gtest/gtest.h>

#include "tests/support/scratch_dir.h"
#include "tests/tools/records/record_errors.h"
#include "tools/lib/records/dataset_folder.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;
using testing::write_text;

// A manifest as finalize writes it (two samples, keys in its order).
constexpr const char* kText = R"x({
  "tool": "railyard",
  "version": "1.2.0",
  "created": "2024-05-01",
  "seed": 7,
  "rule": "theoryx",
  "config": "count: 2\n",
  "inputs": [
    {
      "role": "rule",
      "path": "logic/rules/theoryx.pl",
      "sha256": "ab00000000000000000000000000000000000000000000000000000000000000"
    }
  ],
  "counts": {
    "samples": 2,
    "east": 1,
    "west": 1,
    "published_east": 1,
    "published_west": 1,
    "flipped_labels": 0,
    "cars_per_train": {
      "2": 1,
      "10": 1
    },
    "attributes": {
      "shape": {
        "rectangle": 3,
        "bucket": 0
      },
      "length": {
        "short": 1
      }
    }
  },
  "coco_annotations": 24,
  "split_files": {
    "test.txt": {
      "bytes": 2,
      "sha256": "0000000000000000000000000000000000000000000000000000000000000000"
    }
  },
  "timing": {
    "shards": 1,
    "wall_seconds_total": 1.5,
    "wall_seconds_longest": 1.5
  }
}
)x";

class DatasetManifestTest : public testing::ScratchDirTest {
 protected:
  // A folder DatasetFolder::open reads up to its manifest.
  std::filesystem::path folder_with(const std::string& manifest) {
    std::filesystem::create_directories(dir_ / "d" / "records");
    std::filesystem::create_directories(dir_ / "d" / "splits");
    write_text(dir_ / "d" / "manifest.json", manifest);
    return dir_ / "d";
  }
  std::string open_error(const std::string& manifest) {
    std::filesystem::path root = folder_with(manifest);
    try {
      DatasetFolder::open(root);
    } catch (const DatasetError& e) {
      return e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not a DatasetError: " << e.what();
    }
    return "opened";
  }
  static std::string edited(const std::string& from, const std::string& to) {
    std::string text = kText;
    text.replace(text.find(from), from.size(), to);
    return text;
  }
};

TEST_F(DatasetManifestTest, ReadsBackToTheSameBytes) {
  write_text(dir_ / "manifest.json", kText);
  DatasetManifest manifest = read_dataset_manifest(dir_ / "manifest.json");
  EXPECT_EQ(manifest.counts.samples, 2u);
  EXPECT_EQ(manifest.counts.cars_per_train.at(10), 1u);
  ASSERT_TRUE(manifest.split_files.has_value());
  EXPECT_EQ(manifest.split_files->at(0).first, "test.txt");
  EXPECT_EQ(dataset_manifest_text(manifest), kText);
  // Without the optional keys of older manifests.
  std::string older = kText;
  older.erase(older.find("  \"split_files\""),
              older.find("  \"timing\"") - older.find("  \"split_files\""));
  write_text(dir_ / "manifest.json", older);
  EXPECT_FALSE(read_dataset_manifest(dir_ / "manifest.json").split_files.has_value());
}

TEST_F(DatasetManifestTest, OpenNamesTheFileLineAndKeyOfADamagedManifest) {
  std::string file = (dir_ / "d" / "manifest.json").string();
  std::string m = open_error("garbage");
  EXPECT_TRUE(mentions(m, file + ":1: not valid JSON")) << m;
  m = open_error(std::string(kText).substr(0, 300));  // truncated
  EXPECT_TRUE(mentions(m, file + ":")) << m;
  EXPECT_TRUE(mentions(m, "not valid JSON")) << m;
  m = open_error(edited("\"seed\": 7,", "\"seed\": 7"));
  EXPECT_TRUE(mentions(m, file + ":6: not valid JSON")) << m;
  m = open_error(edited("\"samples\": 2", "\"samples\": \"2\""));
  EXPECT_EQ(m, file + ": key 'counts.samples': expected a whole number of 0 or more, got \"2\"");
  m = open_error(edited("  \"rule\": \"theoryx\",\n", ""));
  EXPECT_EQ(m, file + ": key 'rule': missing");
  m = open_error(edited("\"rectangle\": 3", "\"rectangle\": true"));
  EXPECT_TRUE(mentions(m, file + ": key 'counts.attributes.shape.rectangle'")) << m;
  m = open_error(edited("\"tool\": \"railyard\"", "\"tool\": \"other\""));
  EXPECT_TRUE(mentions(m, file + ": key 'tool'")) << m;
  m = open_error(edited("\"role\": \"rule\"", "\"role\": \"rules\""));
  EXPECT_TRUE(mentions(m, file + ": key 'inputs[0].role'")) << m;
  m = open_error(edited("\"sha256\": \"ab", "\"sha256\": \"AB"));
  EXPECT_TRUE(mentions(m, file + ": key 'inputs[0].sha256': not a SHA-256")) << m;
  m = open_error(edited("\"test.txt\"", "\"../../x.txt\""));
  EXPECT_TRUE(mentions(m, "key 'split_files.../../x.txt': not the name of a split file")) << m;
  m = open_error(edited("\"sha256\": \"0000", "\"sha256\": \"00\\u200b0"));
  EXPECT_TRUE(mentions(m, "key 'split_files.test.txt.sha256'")) << m;
  EXPECT_TRUE(mentions(m, "\\u200b")) << m;  // escaped
  m = open_error("[1, 2]");
  EXPECT_TRUE(mentions(m, file + ": expected an object")) << m;
}

}  // namespace
}  // namespace railyard
