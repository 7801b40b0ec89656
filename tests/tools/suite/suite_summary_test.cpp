// summary.json's typed record: written bytes, and a damaged file refused naming file, line, key.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "tools/lib/records/suite_summary_record.h"
#include "util/input_error.h"

namespace railyard {
namespace {

SuiteSummary Summary() {
  SuiteSummary s;
  s.suite = "tiny";
  s.file = "tiny.yaml";
  s.seed = 3;
  s.reference = "train";
  s.holdout = {"{color: green}"};
  SuiteVariantSummary v;
  v.name = "train";
  v.folder = "train/Trains_x";
  v.seed = 9;
  v.rule = "theoryx";
  v.distribution = "MichalskiTrains";
  v.cars = "2-4";
  v.scene = "base_scene";
  v.representation = "Trains";
  v.backend = "raster";
  v.supervision = 0.5;
  v.count = 4;
  v.checked_trains = 4;
  v.distance = {{"shape", 0.0}, {"cars_per_train", 0.25}};
  v.holdout_by_combination = {0};
  v.confounders = {{"{car: 1, color: blue}", 0.5, 0.25, 0.25}};
  v.counts.samples = 4;
  v.counts.east = 2;
  v.counts.west = 2;
  v.counts.published_east = 2;
  v.counts.published_west = 2;
  v.counts.withheld_labels = 2;
  v.counts.cars_per_train = {{2, 3}, {10, 1}};
  v.counts.attributes = {{"shape", {{"rectangle", 5}, {"bucket", 1}}}};
  s.variants = {v};
  return s;
}

class SuiteSummaryRecordTest : public ::testing::Test {
 protected:
  std::filesystem::path file_ = std::filesystem::temp_directory_path() /
                                ("railyard_summary_" + std::to_string(::getpid()) + ".json");
  void TearDown() override { std::filesystem::remove(file_); }

  std::string message(const std::string& text) {
    std::ofstream(file_, std::ios::binary) << text;
    try {
      read_suite_summary(file_);
    } catch (const InputError& e) {
      return e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not an InputError: " << e.what();
    }
    return "accepted";
  }
  static std::string edited(const std::string& from, const std::string& to) {
    std::string text = suite_summary_text(Summary());
    text.replace(text.find(from), from.size(), to);
    return text;
  }
};

TEST_F(SuiteSummaryRecordTest, ReadsBackWhatItWrote) {
  std::string text = suite_summary_text(Summary());
  EXPECT_EQ(message(text), "accepted");
  EXPECT_EQ(read_suite_summary(file_), Summary());
  // The copies of the counts beside them, in the documented order.
  EXPECT_NE(text.find("\"checked_trains\": 4,\n      \"samples\": 4,\n      \"east\": 2,\n      "
                      "\"west\": 2,\n      \"withheld_labels\": 2,\n      \"cars_per_train\": {\n"
                      "        \"2\": 3,\n        \"10\": 1\n      },"),
            std::string::npos)
      << text;
}

TEST_F(SuiteSummaryRecordTest, DamagedSummariesNameTheFileLineAndKey) {
  std::string file = file_.string();
  std::string m = message("garbage");
  EXPECT_NE(m.find(file + ":1: not valid JSON"), std::string::npos) << m;
  m = message(suite_summary_text(Summary()).substr(0, 120));
  EXPECT_NE(m.find(file + ":"), std::string::npos) << m;
  EXPECT_NE(m.find("not valid JSON"), std::string::npos) << m;
  m = message(edited("\"seed\": 3,", "\"seed\": 3"));
  EXPECT_NE(m.find(file + ":5: not valid JSON"), std::string::npos) << m;
  m = message(edited("\"east_share\": 0.5", "\"east_share\": \"half\""));
  EXPECT_EQ(m, file +
                   ": key 'variants[0].confounders[0].east_share': expected a number, got "
                   "\"half\"");
  m = message(edited("\"curriculum\": false,\n", ""));
  EXPECT_EQ(m, file + ": key 'curriculum': missing");
  m = message(edited("\"samples\": 4,\n      \"east\"", "\"samples\": 5,\n      \"east\""));
  EXPECT_EQ(m, file + ": key 'variants[0].samples': is not counts.samples");
  m = message(edited("\"reference\": \"train\"", "\"reference\": \"test\""));
  EXPECT_NE(m.find(file + ": key 'reference': 'test' is not one of the variants"),
            std::string::npos)
      << m;
  // A variant's dataset lies inside the suite folder, where opening the suite looks for it.
  for (const char* outside : {"../train/Trains_x", "/tmp/Trains_x", ""}) {
    m = message(edited("\"train/Trains_x\"", "\"" + std::string(outside) + "\""));
    EXPECT_EQ(m, file + ": key 'variants[0].folder': not a folder inside the suite") << outside;
  }
}

}  // namespace
}  // namespace railyard
