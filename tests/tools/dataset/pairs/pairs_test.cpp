// `railyard intervene` end to end on real components: the rule engine's counterfactual search,
// layout, the raster backend (the path tracer where no raster starts), annotations and writers.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "logic/errors.h"
#include "tests/support/test_backend.h"
#include "tests/tools/dataset/pairs/pairs_test_support.h"
#include "tools/dataset/annotations/rle.h"
#include "tools/dataset/pairs/pair_difference.h"
#include "tools/dataset/pairs/pairs_run.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

Image<std::uint8_t> mask_of(const nlohmann::json& mask) {
  return decode_mask(rle_from_string(mask.at("counts").get<std::string>(),
                                     mask.at("size")[0].get<int>(), mask.at("size")[1].get<int>()));
}

class PairsTest : public testing::PairsFixture {};

// With local lighting, nothing but the touched parts changes colour: every pixel whose colour
// differs lies within kEdgeMargin (one pixel, the raster's tent filter) of a pixel one of whose
// samples sees a touched part.
TEST_F(PairsTest, LocalLightingChangesOnlyTheTouchedParts) {
  DatasetConfig c = config("local");
  c.width = 160;
  c.height = 90;
  c.local_lighting = true;
  RunSummary summary = intervene_dataset(c, options());
  auto pairs = read_pairs(summary.root);
  ASSERT_FALSE(pairs.empty());
  std::uint64_t changed = 0;
  for (const auto& pair : pairs) {
    Image<std::uint8_t> colour = mask_of(pair["colour_difference"]);
    Image<std::uint8_t> near_part = dilate(mask_of(pair["part_difference"]), kEdgeMargin);
    std::uint64_t beyond = 0;
    for (std::size_t i = 0; i < colour.pixels.size(); ++i)
      beyond += colour.pixels[i] && !near_part.pixels[i];
    EXPECT_EQ(beyond, 0u) << "pair " << pair["pair"] << " " << pair["operations"];
    EXPECT_EQ(pair["colour_difference"]["spill_area"].get<std::uint64_t>(), 0u);
    EXPECT_FALSE(pair["parts"].empty()) << pair["operations"];
    changed += pair["colour_difference"]["area"].get<std::uint64_t>();
  }
  EXPECT_GT(changed, 0u);
}

// With shadows and reflected light, a change spills outside the touched parts; the record keeps
// the two apart: spill_area counts the colour change outside the grown part difference.
TEST_F(PairsTest, FullLightingSeparatesPartChangeFromSpill) {
  DatasetConfig c = config("lit");
  c.width = 160;
  c.height = 90;
  RunSummary summary = intervene_dataset(c, options());
  std::uint64_t spill = 0, changed = 0;
  for (const auto& pair : read_pairs(summary.root)) {
    Image<std::uint8_t> colour = mask_of(pair["colour_difference"]);
    Image<std::uint8_t> near_part = dilate(mask_of(pair["part_difference"]), kEdgeMargin);
    std::uint64_t outside = 0;
    for (std::size_t i = 0; i < colour.pixels.size(); ++i)
      outside += colour.pixels[i] && !near_part.pixels[i];
    EXPECT_EQ(pair["colour_difference"]["spill_area"].get<std::uint64_t>(), outside);
    spill += outside;
    changed += pair["colour_difference"]["area"].get<std::uint64_t>();
  }
  EXPECT_GT(spill * 20, changed) << "shadows should reach beyond the parts an intervention "
                                    "touches: "
                                 << spill << " of " << changed;
}

// The base and intervened halves are V-LoL datasets of the same size, paired by index, and the
// records agree with the plan: labels, flips, the untouched angle.
TEST_F(PairsTest, HalvesArePairedDatasets) {
  DatasetConfig c = config("halves");
  RunSummary summary = intervene_dataset(c, options());
  auto pairs = read_pairs(summary.root);
  auto manifest = read_json(summary.root / "manifest.json");
  std::uint64_t unpaired = 0;
  std::ifstream lines(summary.root / "unpaired.jsonl");
  for (std::string line; std::getline(lines, line);) ++unpaired;
  EXPECT_EQ(manifest["pairs"].get<std::uint64_t>(), pairs.size());
  EXPECT_EQ(manifest["trains"].get<std::uint64_t>(), c.count);
  EXPECT_EQ(pairs.size() + unpaired, c.count);
  for (const auto& pair : pairs) {
    EXPECT_TRUE(pair["flipped"].get<bool>());  // flip mode
    auto p = pair["pair"].get<std::uint64_t>();
    auto base = read_json(half(summary.root, "base") / "records" / (std::to_string(p) + ".json"));
    auto twin =
        read_json(half(summary.root, "intervened") / "records" / (std::to_string(p) + ".json"));
    EXPECT_EQ(base["label"], pair["base_label"]);
    EXPECT_EQ(twin["label"], pair["label"]);
    EXPECT_EQ(base["train"]["angle"], twin["train"]["angle"]);
    EXPECT_EQ(base["camera"], twin["camera"]);
    EXPECT_TRUE(fs::exists(half(summary.root, "intervened") / "images" /
                           (std::to_string(p) + "_m_train.png")));
  }
  EXPECT_TRUE(fs::exists(half(summary.root, "base") / "all_scenes" / "all_scenes.json"));
  EXPECT_TRUE(fs::exists(half(summary.root, "intervened") / "all_scenes" / "all_scenes.json"));
}

// Same config, same bytes: one writer or three, one process or two shards and a merge.
TEST_F(PairsTest, SameBytesWhateverThreadsOrShards) {
  DatasetConfig one = config("one");
  one.threads = 1;
  auto reference = snapshot(intervene_dataset(one, options()).root);
  DatasetConfig three = config("three");
  three.threads = 3;
  EXPECT_EQ(snapshot(intervene_dataset(three, options()).root), reference);
  DatasetConfig sharded = config("sharded");
  intervene_dataset(sharded, options({0, 2}));
  intervene_dataset(sharded, options({1, 2}));
  EXPECT_EQ(snapshot(merge_pairs(sharded, options())), reference);
}

// A listed operation a train refuses stops the run before anything is written, naming the
// train, the operation and the reason; on_refusal: skip leaves the train unpaired instead.
TEST_F(PairsTest, RefusedListedOperationStopsBeforeWriting) {
  DatasetConfig c = config("refused");
  c.interventions.mode = InterventionMode::Listed;
  c.interventions.operations = parse_operations("set(1, roof=none); delete(4)");
  c.sampler.min_cars = 2;
  c.sampler.max_cars = 3;
  try {
    intervene_dataset(c, options());
    FAIL() << "delete(4) on trains of at most 3 cars was not refused";
  } catch (const ConfigError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("train 0"), std::string::npos) << message;
    EXPECT_NE(message.find("delete(4)"), std::string::npos) << message;
    EXPECT_NE(message.find("no car 4"), std::string::npos) << message;
  }
  EXPECT_FALSE(fs::exists(c.output));
  c.interventions.on_refusal = OnRefusal::Skip;
  c.count = 3;
  RunSummary summary = intervene_dataset(c, options());
  EXPECT_TRUE(read_pairs(summary.root).empty());
  EXPECT_EQ(read_json(summary.root / "manifest.json")["unpaired"], 3);
}

// A car made longer keeps its roof's and wall's labels but not their shapes: they are altered,
// and nothing changes colour beyond the parts the record names.
TEST_F(PairsTest, ACarOfAnotherLengthAltersEveryPartOfIt) {
  DatasetConfig c = config("longer");
  c.local_lighting = true;
  c.interventions.mode = InterventionMode::Listed;
  c.interventions.operations = parse_operations("set(1, length=long)");
  c.interventions.on_refusal = OnRefusal::Skip;
  RunSummary summary = intervene_dataset(c, options());
  int roofs = 0;
  for (const auto& pair : read_pairs(summary.root)) {
    auto p = pair["pair"].get<std::uint64_t>();
    auto base = read_json(half(summary.root, "base") / "records" / (std::to_string(p) + ".json"));
    const auto& car = base["train"]["cars"][0];
    if (car["length"] == "long") continue;       // nothing to change
    std::map<std::string, std::string> changed;  // kind -> change, of car 1
    for (const auto& part : pair["parts"])
      if (part["car"] == 1) changed[part["kind"]] = part["change"];
    EXPECT_EQ(changed["body"], "altered") << pair["pair"];
    EXPECT_EQ(changed["wall"], "altered") << pair["pair"];
    if (car["roof"] != "none") {
      EXPECT_EQ(changed["roof"], "altered") << pair["pair"];
      ++roofs;
    }
    EXPECT_EQ(pair["colour_difference"]["spill_area"], 0) << pair["pair"];
  }
  EXPECT_GT(roofs, 0) << "no short car with a roof among the base trains";
}

// Pairs are judged by their labels: noisy or withheld labels are refused by key, before any file.
TEST_F(PairsTest, LabelNoiseAndSupervisionAreRefused) {
  DatasetConfig noisy = config("noisy");
  noisy.label_noise = 0.1;
  DatasetConfig withheld = config("withheld");
  withheld.supervision = 0.5;
  for (const auto& [c, key] :
       {std::pair{noisy, "label_noise"}, std::pair{withheld, "supervision"}}) {
    try {
      intervene_dataset(c, options());
      ADD_FAILURE() << key << " was accepted";
    } catch (const ConfigError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(key, 0), 0u) << e.what();
    }
    EXPECT_FALSE(fs::exists(c.output)) << key;
  }
}

}  // namespace
}  // namespace railyard
