// `railyard intervene` end to end on real components: the rule engine's counterfactual search,
// layout, the raster backend (the path tracer where no raster starts), annotations and writers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "logic/errors.h"
#include "tests/support/test_backend.h"
#include "tests/tools/dataset/pairs/pairs_test_support.h"
#include "tools/lib/dataset/pairs/pair_difference.h"
#include "tools/lib/dataset/pairs/pair_plan.h"
#include "tools/lib/dataset/pairs/pairs_run.h"
#include "tools/lib/records/annotations/rle.h"

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
// train, the operation and the reason; on_refusal: skip leaves the train unpaired instead, and
// when that leaves no pair at all the run stops before any folder too.
TEST_F(PairsTest, RefusedListedOperationStopsBeforeWriting) {
  DatasetConfig c = listed_config("refused", "set(1, roof=none); delete(4)");
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
  try {
    intervene_dataset(c, options());
    FAIL() << "a run in which every train refuses was not refused";
  } catch (const ConfigError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("none of the 3 base trains has a twin"), std::string::npos) << message;
    EXPECT_NE(message.find("delete(4)"), std::string::npos) << message;
    EXPECT_NE(message.find("train 0: "), std::string::npos) << message;
    EXPECT_NE(message.find("no car 4"), std::string::npos) << message;
  }
  EXPECT_FALSE(fs::exists(c.output));
  // One train that can take the operation is a pair: the run goes on, the others unpaired.
  c.sampler.max_cars = 4;
  c.count = 8;
  RunSummary summary = intervene_dataset(c, options());
  auto manifest = read_json(summary.root / "manifest.json");
  EXPECT_GT(manifest["pairs"].get<int>(), 0);
  EXPECT_GT(manifest["unpaired"].get<int>(), 0);
  EXPECT_TRUE(fs::exists(half(summary.root, "base") / "manifest.json"));
  EXPECT_TRUE(fs::exists(half(summary.root, "intervened") / "splits"));
}

// A car made longer keeps its roof's and wall's labels but not their shapes: they are altered,
// and nothing changes colour beyond the parts the record names.
TEST_F(PairsTest, ACarOfAnotherLengthAltersEveryPartOfIt) {
  DatasetConfig c = listed_config("longer", "set(1, length=long)");
  c.local_lighting = true;
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

// ---- The interventions settings: keys a mode ignores, keeps a mode never meets, plans without
// pairs, kinds as a list.

std::string config_error(const std::vector<std::string>& assignments) {
  try {
    build_config({}, assignments);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// A key the mode never reads is refused, naming the key and the mode, instead of being ignored.
TEST(InterventionSettings, KeysTheModeIgnoresAreRefusedNamingKeyAndMode) {
  struct Case {
    std::string mode, assignment, key;
  };
  const std::vector<Case> cases = {
      {"flip", "interventions.operations=swap_loads(1,2)", "operations"},
      {"flip", "interventions.indices=[1]", "indices"},
      {"flip", "interventions.on_refusal=skip", "on_refusal"},
      {"random", "interventions.operations=[\"delete(1)\", \"delete(2)\"]", "operations"},
      {"random", "interventions.indices=[0, 2]", "indices"},
      {"random", "interventions.max_edits=2", "max_edits"},
      {"random", "interventions.on_refusal=skip", "on_refusal"},
      {"preserve", "interventions.max_edits=3", "max_edits"},
      {"preserve", "interventions.indices=[3]", "indices"},
      {"preserve", "interventions.operations=delete(1)", "operations"},
      {"preserve", "interventions.on_refusal=skip", "on_refusal"},
      {"listed", "interventions.kinds=set_roof", "kinds"},
      {"listed", "interventions.kinds=[swap_loads, delete]", "kinds"},
      {"listed", "interventions.max_edits=2", "max_edits"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> assignments = {"interventions.mode=" + c.mode, c.assignment};
    if (c.mode == "listed") assignments.push_back("interventions.operations=delete(1)");
    std::string e = config_error(assignments);
    EXPECT_EQ(e.rfind("interventions." + c.key + ": ", 0), 0u) << c.assignment << ": " << e;
    EXPECT_NE(e.find("interventions.mode is " + c.mode), std::string::npos) << e;
    EXPECT_NE(e.find("ignores " + c.key), std::string::npos) << e;
  }
  // The mode set after the key, from the command line over a file's section, is the same refusal.
  std::string e = config_error({"interventions.mode=listed", "interventions.operations=delete(1)",
                                "interventions.mode=flip"});
  EXPECT_EQ(e.rfind("interventions.operations: interventions.mode is flip", 0), 0u) << e;
}

// Every key a mode reads is accepted, and what --print-config prints for it reads back the same.
TEST(InterventionSettings, KeysEachModeReadsAreAcceptedAndPrintedConfigsReadBack) {
  auto dir = fs::temp_directory_path() / ("railyard_interventions_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::vector<std::vector<std::string>> configs = {
      {"interventions.mode=listed", "interventions.operations=[\"delete(1)\", \"swap_loads(1,2)\"]",
       "interventions.indices=[0, 4]", "interventions.on_refusal=skip",
       "interventions.keep=flipped"},
      {"interventions.mode=flip", "interventions.max_edits=3", "interventions.kinds=set_roof",
       "interventions.keep=flipped"},
      {"interventions.mode=preserve", "interventions.kinds=[set_roof, delete]",
       "interventions.keep=preserved"},
      {"interventions.mode=random", "interventions.kinds=all", "interventions.keep=preserved"},
      {"interventions.mode=random"},
      {"interventions.mode=preserve"},
  };
  for (const auto& assignments : configs) {
    SCOPED_TRACE(assignments.front());
    DatasetConfig config;
    ASSERT_NO_THROW(config = build_config({}, assignments));
    std::ofstream(dir / "printed.yaml") << emit_config(config);
    DatasetConfig again;
    ASSERT_NO_THROW(again = build_config(dir / "printed.yaml", {}));
    EXPECT_EQ(emit_config(again), emit_config(config));
  }
  fs::remove_all(dir);
}

// keep: preserved with flip and keep: flipped with preserve keep nothing: refused by both keys,
// by the config's check and by the run itself, before any folder.
TEST(InterventionSettings, AKeepTheModeNeverMeetsIsRefusedNamingBothKeys) {
  std::string e = config_error({"interventions.mode=flip", "interventions.keep=preserved"});
  EXPECT_EQ(e.rfind("interventions.keep: preserved", 0), 0u) << e;
  EXPECT_NE(e.find("interventions.mode: flip"), std::string::npos) << e;
  e = config_error({"interventions.keep=flipped", "interventions.mode=preserve"});
  EXPECT_EQ(e.rfind("interventions.keep: flipped", 0), 0u) << e;
  EXPECT_NE(e.find("interventions.mode: preserve"), std::string::npos) << e;
  EXPECT_EQ(config_error({"interventions.mode=flip", "interventions.keep=flipped"}), "no error");
  EXPECT_EQ(config_error({"interventions.mode=preserve", "interventions.keep=preserved"}),
            "no error");
}

TEST_F(PairsTest, AKeepTheModeNeverMeetsStopsTheRunBeforeAnyFolder) {
  DatasetConfig flip = config("flip_preserved");
  flip.interventions.keep = PairKeep::Preserved;
  DatasetConfig preserve = config("preserve_flipped");
  preserve.interventions.mode = InterventionMode::Preserve;
  preserve.interventions.max_edits = 1;
  preserve.interventions.keep = PairKeep::Flipped;
  for (const DatasetConfig& c : {flip, preserve}) {
    try {
      intervene_dataset(c, options());
      ADD_FAILURE() << c.output << " was not refused";
    } catch (const ConfigError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("interventions.keep: ", 0), 0u) << e.what();
    }
    EXPECT_FALSE(fs::exists(c.output));
  }
}

// A plan without a single pair stops, naming the settings and one train's reason, whichever
// mode: here under a rule that calls every train eastbound, so no edit flips a label.
TEST_F(PairsTest, APlanWithoutPairsIsRefusedWithTheSettingsAndAReason) {
  fs::create_directories(root_);
  std::ofstream(root_ / "always_east.pl") << "eastbound(_).\n";
  fs::path rules = fs::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";
  DatasetConfig listed = listed_config("listed", "swap_loads(1,2)");
  listed.interventions.keep = PairKeep::Flipped;
  listed.interventions.on_refusal = OnRefusal::Skip;
  DatasetConfig random = config("random");
  random.interventions.mode = InterventionMode::Random;
  random.interventions.max_edits = 1;
  random.interventions.keep = PairKeep::Flipped;
  DatasetConfig flip = config("flip");
  struct Case {
    DatasetConfig config;
    std::vector<std::string> expected;
  };
  for (Case c : std::vector<Case>{
           {listed, {"mode listed", "operations \"swap_loads(1,2)\"", "keep flipped"}},
           {random, {"mode random", "kinds \"", "keep flipped"}},
           {flip, {"mode flip", "max_edits 2", "no flip within 2 edits"}}}) {
    SCOPED_TRACE(c.expected.front());
    c.config.count = 5;
    PairPlanner planner(c.config, Rule::load(root_ / "always_east.pl", rules / "background.pl"));
    SampledTrains trains(c.config.sampler,
                         Rule::load(rules / "theoryx.pl", rules / "background.pl"), {},
                         c.config.seed);
    std::uint64_t unpaired = 0;
    try {
      plan_pairs(c.config, trains, planner, [&](const UnpairedTrain&) { ++unpaired; });
      ADD_FAILURE() << "a plan without pairs was accepted";
    } catch (const ConfigError& e) {
      std::string message = e.what();
      EXPECT_EQ(message.rfind("interventions: none of the 5 base trains has a twin (", 0), 0u)
          << message;
      EXPECT_NE(message.find("; train 0: "), std::string::npos) << message;
      for (const std::string& text : c.expected)
        EXPECT_NE(message.find(text), std::string::npos) << text << " in " << message;
    }
    EXPECT_EQ(unpaired, 5u);
  }
}

// The plan is walked, never materialised: a stream over a billion base trains yields its first
// pairs after trying only the trains up to them (nothing of the count is stored or walked ahead),
// and they are the pairs a small run's plan has, in the same order: pair p is the p-th base train
// with a twin, whatever the count. The start-up check stops at the first pair too.
TEST_F(PairsTest, ThePlanIsWalkedLazilyWhateverTheCount) {
  fs::path rules = fs::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";
  auto source = [&](const DatasetConfig& c) {
    return SampledTrains(c.sampler, Rule::load(rules / "theoryx.pl", rules / "background.pl"), {},
                         c.seed);
  };
  auto planner = [&](const DatasetConfig& c) {
    return PairPlanner(c, Rule::load(rules / "theoryx.pl", rules / "background.pl"));
  };
  DatasetConfig small = config("small");
  small.count = 30;
  SampledTrains small_trains = source(small);
  PairPlanner small_planner = planner(small);
  std::vector<std::uint64_t> planned;
  std::uint64_t unpaired = 0;
  PairPlan plan = plan_pairs(
      small, small_trains, small_planner, [&](const UnpairedTrain&) { ++unpaired; },
      [&](const PlannedPair& p) {
        EXPECT_EQ(p.pair, planned.size());
        planned.push_back(p.train);
      });
  EXPECT_EQ(plan.considered, 30u);
  EXPECT_EQ(plan.pairs, planned.size());
  EXPECT_EQ(plan.pairs + unpaired, 30u);
  ASSERT_GE(planned.size(), 4u);

  DatasetConfig huge = config("huge");
  huge.count = 1000000000;
  SampledTrains huge_trains = source(huge);
  PairPlanner huge_planner = planner(huge);
  check_plan_start(huge, huge_trains, huge_planner);
  PairStream stream(huge, huge_trains, huge_planner);
  EXPECT_EQ(stream.base_trains(), 1000000000u);
  for (std::uint64_t p = 0; p < 4; ++p) {
    auto pair = stream.next();
    ASSERT_TRUE(pair);
    EXPECT_EQ(pair->pair, p);
    EXPECT_EQ(pair->train, planned[p]);
    EXPECT_EQ(stream.considered(), planned[p] + 1);  // tried up to this pair's train, no further
    Expected<Intervention> twin = small_planner.twin(pair->train, pair->base.train);
    ASSERT_TRUE(twin);
    EXPECT_EQ(format_operations(pair->twin.operations), format_operations(twin->operations));
  }
  EXPECT_FALSE(stream.finished());
  EXPECT_EQ(stream.pairs(), 4u);
}

// In listed mode with on_refusal: fail, a refusal within the checked prefix stops the run before
// any file; one further on stops the walk of the plan where it comes, with the same message.
TEST_F(PairsTest, ARefusalBeyondTheCheckedPrefixStopsTheWalkThere) {
  fs::path rules = fs::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";
  DatasetConfig c = listed_config("listed", "delete(3)");
  c.sampler.min_cars = 2;
  c.sampler.max_cars = 4;
  c.count = 200;
  SampledTrains trains(c.sampler, Rule::load(rules / "theoryx.pl", rules / "background.pl"), {},
                       c.seed);
  PairPlanner planner(c, Rule::load(rules / "theoryx.pl", rules / "background.pl"));
  std::optional<std::uint64_t> accepted, refused;  // a train that takes delete(3), a later one not
  for (std::uint64_t i = 0; i < c.count && !refused; ++i) {
    bool takes = planner.twin(i, trains.train(i).train).has_value();
    if (takes && !accepted) accepted = i;
    if (!takes && accepted) refused = i;
  }
  ASSERT_TRUE(accepted && refused) << "no train of 2 cars after one of 3 or 4 in 200";
  c.interventions.indices = {*refused, *accepted};  // tried in index order: accepted first
  check_plan_start(c, trains, planner, 1);
  std::string expected = "train " + std::to_string(*refused) + " refuses ";
  try {
    check_plan_start(c, trains, planner, 2);
    ADD_FAILURE() << "a refusal within the checked prefix passed";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("delete(3)"), std::string::npos) << e.what();
  }
  PairStream stream(c, trains, planner);
  EXPECT_EQ(stream.base_trains(), 2u);
  auto first = stream.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->train, *accepted);
  try {
    stream.next();
    ADD_FAILURE() << "the walk went past a refused operation";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("delete(3)"), std::string::npos) << e.what();
  }
}

// Listed operations that change nothing on a train (its roofs set to none where it has none) give
// it no twin, so no pair whose two pictures are one; a train they do change keeps its pair.
TEST_F(PairsTest, OperationsThatChangeNothingMakeNoPair) {
  fs::path rules = fs::path(RAILYARD_SOURCE_DIR) / "logic" / "rules";
  DatasetConfig c = listed_config("listed", "set(1, roof=none)");
  c.sampler.min_cars = 2;
  c.sampler.max_cars = 4;
  c.interventions.keep = PairKeep::All;
  SampledTrains trains(c.sampler, Rule::load(rules / "theoryx.pl", rules / "background.pl"), {},
                       c.seed);
  PairPlanner planner(c, Rule::load(rules / "theoryx.pl", rules / "background.pl"));
  int unchanged = 0, changed = 0;
  for (std::uint64_t i = 0; i < 100; ++i) {
    const Train& base = trains.train(i).train;
    Expected<Intervention> twin = planner.twin(i, base);
    if (base.cars[0].roof == Roof::None) {
      ++unchanged;
      ASSERT_FALSE(twin.has_value()) << "train " << i << " paired with itself";
      EXPECT_NE(twin.reason().find("change nothing"), std::string::npos) << twin.reason();
      EXPECT_FALSE(planner.refused_operation());
    } else {
      ++changed;
      ASSERT_TRUE(twin.has_value()) << "train " << i;
      EXPECT_FALSE(twin->train == base);
    }
  }
  EXPECT_GT(unchanged, 0);
  EXPECT_GT(changed, 0);
}

// interventions.kinds takes a YAML list as well as names separated by commas; other forms say
// what is expected.
TEST(InterventionSettings, KindsTakeAListOrNamesSeparatedByCommas) {
  DatasetConfig list = build_config({}, {"interventions.kinds=[set_roof, swap_loads]"});
  DatasetConfig text = build_config({}, {"interventions.kinds=set_roof, swap_loads"});
  EXPECT_EQ(list.interventions.kinds, text.interventions.kinds);
  EXPECT_TRUE(list.interventions.kinds.contains(EditKind::SetRoof));
  EXPECT_TRUE(list.interventions.kinds.contains(EditKind::SwapLoads));
  EXPECT_FALSE(list.interventions.kinds.contains(EditKind::Delete));
  // Names that stand for several kinds work inside a list too.
  EXPECT_EQ(build_config({}, {"interventions.kinds=[all]"}).interventions.kinds, EditKinds::all());
  std::string e = config_error({"interventions.kinds={set_roof: 1}"});
  EXPECT_NE(e.find("interventions.kinds"), std::string::npos) << e;
  EXPECT_NE(e.find("expected edit kinds"), std::string::npos) << e;
  EXPECT_NE(e.find("[set_roof, swap_loads]"), std::string::npos) << e;
  e = config_error({"interventions.kinds=[]"});
  EXPECT_NE(e.find("no edit kinds"), std::string::npos) << e;
  e = config_error({"interventions.kinds=[set_roof, [delete]]"});
  EXPECT_NE(e.find("expected edit kinds"), std::string::npos) << e;
  e = config_error({"interventions.kinds=[set_rooof]"});
  EXPECT_NE(e.find("unknown edit kind 'set_rooof'"), std::string::npos) << e;
}

}  // namespace
}  // namespace railyard
