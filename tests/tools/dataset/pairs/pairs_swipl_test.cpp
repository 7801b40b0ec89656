// The flip and preserve claims of a pairs dataset, checked by SWI-Prolog: every base and
// intervened train of pairs.jsonl, read back from the two halves' records, gets from swipl (same
// background and rule files) the labels the record states, and "flipped" says whether they differ.
#include <gtest/gtest.h>

#include "logic/vocabulary.h"
#include "tests/tools/dataset/pairs/pairs_test_support.h"
#include "tools/bench/swipl.h"
#include "tools/lib/dataset/pairs/pairs_run.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

class PairsSwiplTest : public testing::PairsFixture {
 protected:
  // Checks every pair of the run at `root`; returns how many flipped.
  static std::size_t check_claims(const fs::path& root) {
    auto pairs = read_pairs(root);
    std::vector<Train> trains;
    for (const auto& pair : pairs) {
      std::string p = std::to_string(pair["pair"].get<std::uint64_t>());
      for (const char* side : {"base", "intervened"})
        trains.push_back(
            read_sample_record(half(root, side) / "records" / (p + ".json")).train.train);
    }
    fs::path rules = fs::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";
    SwiplRun swipl = label_with_swipl(rules / "background.pl", rules / "theoryx.pl", trains);
    std::size_t flipped = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      std::string base(name(swipl.labels[2 * i])), twin(name(swipl.labels[2 * i + 1]));
      EXPECT_EQ(pairs[i]["base_label"], base) << pairs[i]["operations"];
      EXPECT_EQ(pairs[i]["label"], twin) << pairs[i]["operations"];
      EXPECT_EQ(pairs[i]["flipped"].get<bool>(), base != twin) << pairs[i]["operations"];
      flipped += base != twin;
    }
    return flipped;
  }
};

TEST_F(PairsSwiplTest, CounterfactualsFlipUnderSwipl) {
  if (!find_swipl()) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH; install swi-prolog-nox";
  DatasetConfig c = config("flip");
  c.width = 32;
  c.height = 18;
  auto root = intervene_dataset(c, options()).root;
  std::size_t pairs = read_pairs(root).size();
  ASSERT_GT(pairs, 0u);
  EXPECT_EQ(check_claims(root), pairs);
}

// V-LoL's second intervention: remove the roofs of cars 1 and 3, kept where theory X ignores it.
TEST_F(PairsSwiplTest, PreservedRoofRemovalKeepsTheLabelUnderSwipl) {
  if (!find_swipl()) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH; install swi-prolog-nox";
  DatasetConfig c = listed_config("preserve", "set(1, roof=none); set(3, roof=none)");
  c.width = 32;
  c.height = 18;
  c.count = 12;
  c.sampler.min_cars = 3;
  c.interventions.keep = PairKeep::Preserved;
  auto root = intervene_dataset(c, options()).root;
  ASSERT_GT(read_pairs(root).size(), 0u);
  EXPECT_EQ(check_claims(root), 0u);
}

}  // namespace
}  // namespace railyard
