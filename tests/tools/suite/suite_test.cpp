#include "tools/lib/suite/suite.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "logic/errors.h"
#include "tools/lib/suite/suite_check.h"
#include "tools/lib/suite/suite_summary.h"

namespace railyard {
namespace {

class SuiteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("railyard-suite-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path write(const std::string& text, const std::string& name = "suite.yaml") {
    std::ofstream(dir_ / name) << text;
    return dir_ / name;
  }
  // The message of the error loading (and, with `check`, checking) a suite throws.
  std::string error_of(const std::string& text, bool check = false) {
    try {
      Suite suite = load_suite(write(text));
      if (check) check_suite(suite, data_dir());
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }
  static std::filesystem::path data_dir() { return RAILYARD_SOURCE_DIR; }

  std::filesystem::path dir_;
};

constexpr const char* kSmall = R"(suite: small
seed: 3
config: {count: 40, subsets: []}
variants:
  - name: train
    set: {count: 60}
  - name: long
    ladder: {cars: {from: 5, to: 7}}
  - name: bg
    ladder: {scene: [desert_scene, sky_scene]}
)";

TEST_F(SuiteTest, LaddersExpandIntoNamedVariantsInOrder) {
  Suite suite = load_suite(write(kSmall));
  std::vector<std::string> names;
  for (const SuiteVariant& v : suite.variants) names.push_back(v.name);
  EXPECT_EQ(names, (std::vector<std::string>{"train", "long_5", "long_6", "long_7",
                                             "bg_desert_scene", "bg_sky_scene"}));
  EXPECT_EQ(suite.variant("long_6").config.sampler.min_cars, 6);
  EXPECT_EQ(suite.variant("long_6").config.sampler.max_cars, 6);
  EXPECT_EQ(suite.variant("bg_sky_scene").config.scene, "sky_scene");
  EXPECT_EQ(suite.variant("train").config.count, 60u);
  EXPECT_EQ(suite.variant("long_5").config.count, 40u);
  EXPECT_EQ(suite.reference, "train");
}

TEST_F(SuiteTest, AVariantIsTheDatasetConfigOfItsOverrides) {
  Suite suite = load_suite(write(kSmall));
  const SuiteVariant& v = suite.variant("long_7");
  DatasetConfig expected = build_config({}, {"count=40", "subsets=[]", "min_cars=7", "max_cars=7"});
  expected.seed = variant_seed(3, "long_7");
  expected.output = suite.folder() / "long_7";
  EXPECT_EQ(emit_config(v.config), emit_config(expected));
  EXPECT_EQ(suite.folder(), std::filesystem::path("output") / "small");
}

TEST_F(SuiteTest, SeedsDependOnSuiteSeedAndNameOnly) {
  EXPECT_EQ(variant_seed(3, "train"), variant_seed(3, "train"));
  EXPECT_NE(variant_seed(3, "train"), variant_seed(4, "train"));
  EXPECT_NE(variant_seed(3, "train"), variant_seed(3, "long_5"));
  // Adding or reordering variants leaves a variant's seed alone.
  Suite suite = load_suite(write(kSmall));
  Suite fewer =
      load_suite(write("suite: small\nseed: 3\nvariants:\n  - name: long\n"
                       "    ladder: {cars: [7]}\n",
                       "fewer.yaml"));
  EXPECT_EQ(fewer.variant("long_7").config.seed, suite.variant("long_7").config.seed);
}

TEST_F(SuiteTest, CommandLineSetsAndScalesEveryVariant) {
  SuiteOverrides overrides;
  overrides.scale = 0.5;
  overrides.assignments = {"width=64", "height=36"};
  overrides.output = dir_ / "out";
  Suite suite = load_suite(write(kSmall), overrides);
  for (const SuiteVariant& v : suite.variants) {
    EXPECT_EQ(v.config.width, 64);
    EXPECT_EQ(v.config.output, dir_ / "out" / "small" / v.name);
  }
  EXPECT_EQ(suite.variant("train").config.count, 30u);
  EXPECT_EQ(suite.variant("long_5").config.count, 20u);
}

TEST(ScaleConfig, SubsetsThatNoLongerFitAreDropped) {
  DatasetConfig c;
  c.count = 12500;
  c.subsets = {100, 1000, 10000};
  scale_config(c, 0.01);  // 125 samples: train split 100
  EXPECT_EQ(c.count, 125u);
  EXPECT_EQ(c.subsets, (std::vector<std::uint64_t>{1, 10, 100}));
  c.count = 12500;
  c.subsets = {100, 1000, 10000};
  scale_config(c, 0.001);  // 13 samples: train split 10 (5 + 5)
  EXPECT_EQ(c.count, 13u);
  EXPECT_EQ(c.subsets, (std::vector<std::uint64_t>{1, 10}));
}

TEST_F(SuiteTest, SameNameTwiceIsRefusedWithBothLines) {
  std::string e = error_of("suite: s\nvariants:\n  - name: a\n  - name: b\n  - name: a\n");
  EXPECT_NE(e.find("suite.yaml:5"), std::string::npos) << e;
  EXPECT_NE(e.find("variant name 'a' is used twice (first at line 3)"), std::string::npos) << e;
  // A ladder rung that collides with a declared variant, too.
  e = error_of(
      "suite: s\nvariants:\n  - name: long_7\n  - name: long\n    ladder: {cars: [6, 7]}\n");
  EXPECT_NE(e.find("'long_7' is used twice"), std::string::npos) << e;
}

TEST_F(SuiteTest, UnknownKeyNamesFileVariantAndKey) {
  std::string e = error_of("suite: s\nvariants:\n  - name: test\n    set: {min_car: 7}\n");
  EXPECT_NE(e.find("suite.yaml: variant 'test'"), std::string::npos) << e;
  EXPECT_NE(e.find("suite.yaml:4"), std::string::npos) << e;
  EXPECT_NE(e.find("'min_car'"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'min_cars'"), std::string::npos) << e;
  e = error_of("suite: s\nvariants:\n  - name: test\n    sett: {count: 7}\n");
  EXPECT_NE(e.find("sett"), std::string::npos) << e;
  e = error_of("suite: s\nvariant:\n  - name: test\n");
  EXPECT_NE(e.find("variant"), std::string::npos) << e;
  e = error_of("suite: s\nvariants:\n  - name: test\n    ladder: {carz: [5]}\n");
  EXPECT_NE(e.find("variant 'test'"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown key 'carz' for a ladder"), std::string::npos) << e;
}

TEST_F(SuiteTest, WrongValuesAndWholeConfigErrorsNameTheVariant) {
  std::string e =
      error_of("suite: s\nvariants:\n  - name: t\n    set: {min_cars: 6, max_cars: 5}\n");
  EXPECT_NE(e.find("variant 't'"), std::string::npos) << e;
  EXPECT_NE(e.find("min_cars (6) is larger than max_cars (5)"), std::string::npos) << e;
  e = error_of("suite: s\nvariants:\n  - name: t\n    set: {exclude: [{colour: mauve}]}\n");
  EXPECT_NE(e.find("variant 't'"), std::string::npos) << e;
  EXPECT_NE(e.find("exclude"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown value 'mauve'"), std::string::npos) << e;
}

TEST_F(SuiteTest, SeedAndOutputBelongToTheSuite) {
  std::string e = error_of("suite: s\nvariants:\n  - name: t\n    set: {seed: 4}\n");
  EXPECT_NE(e.find("the suite sets every variant's seed"), std::string::npos) << e;
  SuiteOverrides overrides;
  overrides.assignments = {"seed=5"};
  EXPECT_THROW(load_suite(write("suite: s\nvariants:\n  - name: t\n"), overrides), ConfigError);
}

TEST_F(SuiteTest, HoldoutVariantNeedsTheSuitesCombinations) {
  std::string e = error_of("suite: s\nvariants:\n  - name: t\n    holdout: true\n");
  EXPECT_NE(e.find("needs the suite's `holdout:`"), std::string::npos) << e;
}

TEST_F(SuiteTest, CurriculumTaskWhoseRuleDoesNotLoadIsNamed) {
  write("eastbound(T) :- has_car(T, C), short(C\n", "broken.pl");
  std::string e = error_of(
      "suite: s\ncurriculum: true\nvariants:\n  - {name: first, set: {rule: easy}}\n"
      "  - {name: second, set: {rule: " +
          (dir_ / "broken.pl").string() + "}}\n",
      true);
  EXPECT_NE(e.find("suite.yaml: variant 'second' (line 5), key 'rule'"), std::string::npos) << e;
  EXPECT_NE(e.find("broken.pl"), std::string::npos) << e;
  e = error_of("suite: s\nvariants:\n  - {name: first, set: {rule: no_such_rule}}\n", true);
  EXPECT_NE(e.find("variant 'first'"), std::string::npos) << e;
  EXPECT_NE(e.find("no_such_rule"), std::string::npos) << e;
}

TEST_F(SuiteTest, ImpossibleHoldoutStopsWithRates) {
  // Every car of the hold-out variant would need a red car, and the base config forbids red.
  std::string e = error_of(R"(suite: s
config: {count: 10, max_attempts: 3000, constraints: {shape: [rectangle, bucket]}}
holdout: [{color: red}]
variants:
  - name: train
  - name: test
    holdout: true
)",
                           true);
  EXPECT_NE(e.find("variant 'test'"), std::string::npos) << e;
  EXPECT_NE(e.find("keys exclude, require, confounder"), std::string::npos) << e;
  EXPECT_NE(e.find("100% held none of require [{color: red}]"), std::string::npos) << e;
}

TEST_F(SuiteTest, ImpossibleConfounderStopsWithRates) {
  // theoryx: a short closed car makes a train eastbound, so no westbound train has a short
  // car with a roof in front.
  std::string e = error_of(R"(suite: s
config: {count: 10, max_attempts: 3000}
variants:
  - name: train
    set: {confounder: {attribute: {car: 1, length: short, roof: flat}, east: 0.5, west: 1.0}}
)",
                           true);
  EXPECT_NE(e.find("variant 'train'"), std::string::npos) << e;
  EXPECT_NE(e.find("wrong presence of confounder {car: 1, length: short, roof: flat}"),
            std::string::npos)
      << e;
}

constexpr const char* kHoldout = R"(suite: cogent
seed: 1
config: {count: 600, subsets: []}
holdout:
  - {color: green, roof: solid_roof}
  - {length: short, load_shape: barrel}
variants:
  - name: train
  - name: test_holdout
    holdout: true
    set: {count: 300}
)";

TEST_F(SuiteTest, HoldoutNeverInTrainingAndInEveryHoldoutTrain) {
  Suite suite = load_suite(write(kHoldout));
  EXPECT_EQ(suite.variant("train").config.sampler.filters.exclude, suite.holdout);
  EXPECT_EQ(suite.variant("test_holdout").config.sampler.filters.require, suite.holdout);
  EXPECT_TRUE(suite.variant("test_holdout").config.sampler.filters.exclude.empty());
  SuiteCheck check = check_suite(suite, data_dir());
  EXPECT_EQ(check.stats[0].holdout_trains, 0u);
  EXPECT_EQ(check.stats[1].holdout_trains, 300u);
  auto summary = summary_json(suite, check);
  EXPECT_EQ(summary["variants"][0]["holdout_trains"], 0);
  EXPECT_EQ(summary["holdout"][0], "{color: green, roof: solid_roof}");
  // Both combinations occur in the hold-out test set.
  EXPECT_GT(summary["variants"][1]["holdout_by_combination"][0].get<int>(), 10);
  EXPECT_GT(summary["variants"][1]["holdout_by_combination"][1].get<int>(), 10);
  // The hold-out test set's attributes differ from the training set's.
  EXPECT_GT(summary["variants"][1]["distance"]["roof"].get<double>(), 0.05);
  EXPECT_EQ(summary["variants"][0]["distance"]["roof"].get<double>(), 0.0);
}

TEST_F(SuiteTest, ConfounderStrengthIsMeasuredPerVariant) {
  Suite suite = load_suite(write(R"(suite: hans
config: {count: 800, subsets: [], confounder: {attribute: {car: 1, color: blue}, east: 0.95, west: 0.05}}
variants:
  - name: train
  - name: reversed
    set: {confounder: {attribute: {car: 1, color: blue}, east: 0.05, west: 0.95}}
  - name: none
    set: {confounder: null}
)"));
  SuiteCheck check = check_suite(suite, data_dir());
  auto summary = summary_json(suite, check);
  ASSERT_EQ(summary["confounders"].size(), 1u);
  auto strength = [&](int v) { return summary["variants"][v]["confounders"][0]; };
  EXPECT_NEAR(strength(0)["east_share"].get<double>(), 0.95, 0.04);
  EXPECT_NEAR(strength(0)["west_share"].get<double>(), 0.05, 0.04);
  EXPECT_NEAR(strength(1)["strength"].get<double>(), -0.9, 0.06);
  EXPECT_NEAR(strength(2)["strength"].get<double>(), 0.0, 0.1);
  std::string md = summary_markdown(make_suite_summary(suite, check));
  EXPECT_NE(md.find("## Confounders"), std::string::npos);
  EXPECT_NE(md.find("`{car: 1, color: blue}`"), std::string::npos);
}

TEST_F(SuiteTest, SummaryCountsAreTheManifestsCounts) {
  Suite suite = load_suite(write(kSmall));
  SuiteCheck check = check_suite(suite, data_dir());
  auto summary = summary_json(suite, check);
  const auto& v = summary["variants"][1];  // long_5
  EXPECT_EQ(v["samples"], 40);
  EXPECT_EQ(v["east"], 20);
  EXPECT_EQ(v["cars_per_train"], nlohmann::ordered_json({{"5", 40}}));
  EXPECT_EQ(v["folder"], "long_5/Trains_theoryx_MichalskiTrains_base_scene_len_5-5");
  EXPECT_EQ(v["distance"]["cars_per_train"], 1.0);  // 5 cars against 2-4
  EXPECT_EQ(summary["variants"][4]["scene"], "desert_scene");
}

// summary.json reads back, checked, to the record it was written from and to the same bytes; the
// Markdown and the picture are drawn from that record.
TEST_F(SuiteTest, SummaryReadsBackToTheSameBytes) {
  Suite suite = load_suite(write(kSmall));
  SuiteCheck check = check_suite(suite, data_dir());
  SuiteSummary summary = make_suite_summary(suite, check);
  std::string text = suite_summary_text(summary);
  EXPECT_EQ(text, summary_json(suite, check).dump(2) + "\n");
  std::filesystem::path file = write(text, "summary.json");
  SuiteSummary back = read_suite_summary(file);
  EXPECT_EQ(back, summary);
  EXPECT_EQ(suite_summary_text(back), text);
  EXPECT_EQ(summary_markdown(back), summary_markdown(make_suite_summary(suite, check)));
}

TEST(TotalVariation, HalfTheL1DistanceOfTheShares) {
  EXPECT_DOUBLE_EQ(total_variation({{"a", 1}, {"b", 1}}, {{"a", 5}, {"b", 5}}), 0.0);
  EXPECT_DOUBLE_EQ(total_variation({{"a", 1}}, {{"b", 3}}), 1.0);
  EXPECT_DOUBLE_EQ(total_variation({{"a", 3}, {"b", 1}}, {{"a", 1}, {"b", 1}}), 0.25);
  EXPECT_DOUBLE_EQ(total_variation({{"a", 0}}, {{"a", 2}}), 0.0);
}

TEST_F(SuiteTest, ShippedSuitesLoadAndCheck) {
  for (const char* name : {"vlol_paper", "compositional", "confounded", "curriculum"}) {
    SuiteOverrides overrides;
    overrides.scale = 0.02;
    std::filesystem::path file = data_dir() / "configs" / "suites" / (std::string(name) + ".yaml");
    Suite suite = load_suite(file, overrides);
    SCOPED_TRACE(name);
    SuiteCheck check = check_suite(suite, data_dir());
    EXPECT_EQ(check.stats.size(), suite.variants.size());
  }
}

// ---- --scale against generate's limits, ladders over the suite's keys, long names, and a
// --check whose cost does not grow with a variant's count.

TEST_F(SuiteTest, AScaleOutsideItsRangeSaysTheRange) {
  for (double scale : {1e9, 0.0, -1.0, 1e6 * 1.5, std::nan("")}) {
    SuiteOverrides overrides;
    overrides.scale = scale;
    try {
      load_suite(write(kSmall), overrides);
      ADD_FAILURE() << "--scale " << scale << " was accepted";
    } catch (const ConfigError& e) {
      std::string message = e.what();
      EXPECT_NE(message.find("--scale must be a number greater than 0 and at most 1000000"),
                std::string::npos)
          << message;
      EXPECT_NE(message.find("got "), std::string::npos) << message;
    }
  }
  SuiteOverrides overrides;
  overrides.scale = 1e9;
  try {
    load_suite(write(kSmall), overrides);
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("got 1000000000"), std::string::npos) << e.what();
  }
}

TEST_F(SuiteTest, AScaledCountPastGeneratesLimitNamesVariantScaleAndLimit) {
  SuiteOverrides overrides;
  overrides.scale = 1e6;
  // 40 x 1e6 = 4e7 trains is within count's 1..1e9; 10000 x 1e6 is not.
  Suite fits = load_suite(write("suite: s\nconfig: {count: 40, subsets: []}\nvariants:\n"
                                "  - name: train\n"),
                          overrides);
  EXPECT_EQ(fits.variant("train").config.count, 40'000'000u);
  try {
    load_suite(write("suite: s\nconfig: {count: 40, subsets: []}\nvariants:\n  - name: train\n"
                     "  - name: big\n    set: {count: 10000}\n"),
               overrides);
    FAIL() << "a count of 1e10 was accepted";
  } catch (const ConfigError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("variant 'big'"), std::string::npos) << message;
    EXPECT_NE(message.find("--scale 1000000"), std::string::npos) << message;
    EXPECT_NE(message.find("10000000000"), std::string::npos) << message;
    EXPECT_NE(message.find("count: 1..1000000000"), std::string::npos) << message;
  }
  // Exactly the limit is taken; one more train is not.
  DatasetConfig at_limit;
  at_limit.count = 1000;
  at_limit.subsets = {};
  scale_config(at_limit, 1e6);
  EXPECT_EQ(at_limit.count, 1'000'000'000u);
  DatasetConfig past = at_limit;
  past.count = 1001;
  EXPECT_THROW(scale_config(past, 1e6), ConfigError);
  // The variant's own count, unscaled, is still checked by the schema as generate checks it.
  std::string e = error_of("suite: s\nvariants:\n  - name: t\n    set: {count: 1000000001}\n");
  EXPECT_NE(e.find("variant 't'"), std::string::npos) << e;
  EXPECT_NE(e.find("count"), std::string::npos) << e;
}

TEST_F(SuiteTest, LaddersOverSeedOrOutputAreRefusedWithFileLineAndKey) {
  for (const char* key : {"seed", "output"}) {
    SCOPED_TRACE(key);
    std::string e = error_of(std::string("suite: s\nvariants:\n  - name: t\n    ladder: {") + key +
                             ": [1, 2]}\n");
    EXPECT_NE(e.find("suite.yaml:4"), std::string::npos) << e;
    EXPECT_NE(e.find("variant 't'"), std::string::npos) << e;
    EXPECT_NE(e.find(std::string("ladder.") + key), std::string::npos) << e;
    EXPECT_NE(e.find(std::string("the suite sets every variant's ") + key), std::string::npos) << e;
    // The {from, to} form too.
    e = error_of(std::string("suite: s\nvariants:\n  - name: t\n    ladder:\n      ") + key +
                 ": {from: 1, to: 3}\n");
    EXPECT_NE(e.find(std::string("the suite sets every variant's ") + key), std::string::npos) << e;
    EXPECT_NE(e.find("suite.yaml:5"), std::string::npos) << e;
  }
  // A ladder over an ordinary key is still a ladder.
  EXPECT_EQ(error_of("suite: s\nvariants:\n  - name: t\n    ladder: {count: [10, 20]}\n"),
            "no error");
}

TEST_F(SuiteTest, NamesOverTheLengthLimitSayTheLimit) {
  std::string longest(100, 'a');
  EXPECT_EQ(error_of("suite: s\nvariants:\n  - name: " + longest + "\n"), "no error");
  std::string e = error_of("suite: s\nvariants:\n  - name: " + longest + "b\n");
  EXPECT_NE(e.find("suite.yaml:3"), std::string::npos) << e;
  EXPECT_NE(e.find("101 characters long"), std::string::npos) << e;
  EXPECT_NE(e.find("at most 100 characters"), std::string::npos) << e;
  e = error_of("suite: " + longest + "b\nvariants:\n  - name: t\n");
  EXPECT_NE(e.find("at most 100 characters"), std::string::npos) << e;
  // A ladder's rung, named after its value, is held to the same limit, at the value's line.
  e = error_of("suite: s\nvariants:\n  - name: " + std::string(95, 'a') +
               "\n    ladder:\n      scene: [sky_scene]\n");
  EXPECT_NE(e.find("suite.yaml:5"), std::string::npos) << e;
  EXPECT_NE(e.find("105 characters long"), std::string::npos) << e;
  EXPECT_NE(e.find("at most 100 characters"), std::string::npos) << e;
  EXPECT_NE(e.find("sky_scene"), std::string::npos) << e;
  // Other characters keep their own message.
  e = error_of("suite: s\nvariants:\n  - name: a/b\n");
  EXPECT_NE(e.find("is not a name"), std::string::npos) << e;
}

// The bounded check samples at most kBoundedCheckTrains of a variant without combination filters,
// however large its count, and says so in the summary; a variant with filters is sampled whole.
TEST_F(SuiteTest, BoundedCheckSamplesAFixedNumberOfTrainsWithoutFilters) {
  Suite suite = load_suite(write(R"(suite: huge
config: {count: 1000000000, subsets: []}
variants:
  - name: train
  - name: confounded
    set: {count: 300, confounder: {attribute: {car: 1, color: blue}, east: 0.9, west: 0.1}}
)"));
  std::FILE* progress = std::tmpfile();
  ASSERT_NE(progress, nullptr);
  SuiteCheck check = check_suite(suite, data_dir(), {CheckTrains::Bounded, progress});
  ASSERT_EQ(check.checked.size(), 2u);
  EXPECT_EQ(check.checked[0], kBoundedCheckTrains);
  EXPECT_EQ(check.stats[0].counts.samples(), kBoundedCheckTrains);
  EXPECT_EQ(check.checked[1], 300u);
  EXPECT_EQ(check.stats[1].counts.samples(), 300u);
  auto summary = summary_json(suite, check);
  EXPECT_EQ(summary["variants"][0]["count"], 1000000000);
  EXPECT_EQ(summary["variants"][0]["checked_trains"], kBoundedCheckTrains);
  EXPECT_EQ(summary["variants"][1]["checked_trains"], 300);
  std::string md = summary_markdown(make_suite_summary(suite, check));
  EXPECT_NE(md.find("`train` (100000 of 1000000000)"), std::string::npos) << md;
  EXPECT_EQ(md.find("`confounded` ("), std::string::npos) << md;
  // Progress: a line per variant before its trains, naming it and how many it samples.
  std::rewind(progress);
  std::string said;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, progress)) said.append(buffer, n);
  std::fclose(progress);
  EXPECT_NE(said.find("checking variant train: 100000 of its 1000000000 trains"), std::string::npos)
      << said;
  EXPECT_NE(said.find("checking variant confounded: 300 of its 300 trains"), std::string::npos)
      << said;
}

// A whole check (a run's summary) samples every train and reports them all; the farm tasks' check
// samples two.
TEST_F(SuiteTest, EveryTrainOrTheFirstTwo) {
  Suite suite = load_suite(write(kSmall));
  SuiteCheck every = check_suite(suite, data_dir());
  SuiteCheck bounded = check_suite(suite, data_dir(), {CheckTrains::Bounded, nullptr});
  SuiteCheck two = check_suite(suite, data_dir(), {CheckTrains::FirstTwo, nullptr});
  for (std::size_t v = 0; v < suite.variants.size(); ++v) {
    EXPECT_EQ(every.checked[v], suite.variants[v].config.count);
    EXPECT_EQ(every.stats[v].counts.samples(), suite.variants[v].config.count);
    EXPECT_EQ(two.checked[v], 2u);
  }
  // Under the bound, the bounded check is the whole one.
  EXPECT_EQ(summary_json(suite, bounded), summary_json(suite, every));
  EXPECT_EQ(summary_markdown(make_suite_summary(suite, every)).find("first trains only"),
            std::string::npos);
}

}  // namespace
}  // namespace railyard
