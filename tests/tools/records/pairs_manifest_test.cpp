#include "tools/lib/records/pairs_manifest.h"

#include <gtest/gtest.h>

#include "tests/support/scratch_dir.h"
#include "tests/tools/records/record_errors.h"
#include "tools/lib/records/pairs_folder.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;
using testing::write_text;

PairsManifest Manifest() {
  PairsManifest m;
  m.version = "1.2.0";
  m.mode = "flip";
  m.config = "count: 4\nseed: 1\n";
  m.trains = 5;
  m.pairs = 3;
  m.unpaired = 2;
  m.flip_rate = {3, 2};
  m.flip_rate_by_operation = {{"swap_loads", {2, 1}}, {"set_roof", {1, 1}}};
  m.flip_rate_by_rule = {{"theoryx", {3, 2}}};
  m.base = "base/Trains_x";
  m.intervened = "intervened/Trains_x";
  return m;
}

// The bytes the pairs run has always written.
constexpr const char* kText = R"x({
  "tool": "railyard",
  "version": "1.2.0",
  "mode": "flip",
  "config": "count: 4\nseed: 1\n",
  "trains": 5,
  "pairs": 3,
  "unpaired": 2,
  "flip_rate": {
    "pairs": 3,
    "flipped": 2,
    "flip_rate": 0.6666666666666666
  },
  "flip_rate_by_operation": {
    "set_roof": {
      "pairs": 1,
      "flipped": 1,
      "flip_rate": 1.0
    },
    "swap_loads": {
      "pairs": 2,
      "flipped": 1,
      "flip_rate": 0.5
    }
  },
  "flip_rate_by_rule": {
    "theoryx": {
      "pairs": 3,
      "flipped": 2,
      "flip_rate": 0.6666666666666666
    }
  },
  "base": "base/Trains_x",
  "intervened": "intervened/Trains_x"
}
)x";

class PairsManifestTest : public testing::ScratchDirTest {};

TEST_F(PairsManifestTest, WritesTheBytesOfTheFormatAndReadsThemBack) {
  EXPECT_EQ(pairs_manifest_text(Manifest()), kText);
  write_text(dir_ / "manifest.json", kText);
  EXPECT_EQ(read_pairs_manifest(dir_ / "manifest.json"), Manifest());
}

TEST_F(PairsManifestTest, DamagedManifestsNameTheFileLineAndKey) {
  std::string file = (dir_ / "manifest.json").string();
  auto message = [&](const std::string& text) {
    write_text(dir_ / "manifest.json", text);
    return input_error_of([&] { read_pairs_manifest(dir_ / "manifest.json"); });
  };
  auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = kText;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  std::string m = message("garbage");
  EXPECT_TRUE(mentions(m, file + ":1: not valid JSON")) << m;
  m = message(std::string(kText).substr(0, 200));  // truncated
  EXPECT_TRUE(mentions(m, file + ":")) << m;
  EXPECT_TRUE(mentions(m, "not valid JSON")) << m;
  m = message(edited("\"trains\": 5,", "\"trains\": 5,,"));
  EXPECT_TRUE(mentions(m, file + ":6: not valid JSON")) << m;
  m = message(edited("\"pairs\": 3,\n    \"flipped\": 2", "\"pairs\": \"3\",\n    \"flipped\": 2"));
  EXPECT_EQ(m, file + ": key 'flip_rate.pairs': expected a whole number of 0 or more, got \"3\"");
  m = message(edited("\"unpaired\": 2,\n", ""));
  EXPECT_EQ(m, file + ": key 'unpaired': missing");
  m = message(edited("\"flip_rate\": 0.5", "\"flip_rate\": 0.25"));
  EXPECT_EQ(m,
            file + ": key 'flip_rate_by_operation.swap_loads.flip_rate': is not flipped / pairs");
  m = message(edited("\"base\": \"base/Trains_x\"", "\"base\": \"../elsewhere\""));
  EXPECT_TRUE(mentions(m, file + ": key 'base': '../elsewhere' is not a folder inside")) << m;
  m = message(edited("\"base\": \"base/Trains_x\"", "\"base\": [\"base/Trains_x\"]"));
  EXPECT_TRUE(mentions(m, file + ": key 'base': expected a string")) << m;
  m = message(edited("\"tool\": \"railyard\"", "\"tool\": \"other\""));
  EXPECT_TRUE(mentions(m, file + ": key 'tool': expected one of railyard")) << m;
}

TEST_F(PairsManifestTest, PairsFolderOpenRefusesADamagedManifestNamingTheKey) {
  write_text(dir_ / "pairs.jsonl", "");
  std::string text = kText;
  text.replace(text.find("\"pairs\": 3,\n  \"unpaired\""), 10, "\"pairs\": -3");
  write_text(dir_ / "manifest.json", text);
  try {
    PairsFolder::open(dir_);
    FAIL() << "opened";
  } catch (const DatasetError& e) {
    EXPECT_TRUE(mentions(e.what(), (dir_ / "manifest.json").string() + ": key 'pairs'"))
        << e.what();
  }
}

}  // namespace
}  // namespace railyard
