#include "tools/suite/suite.h"

#include <gtest/gtest.h>

#include <fstream>

#include "logic/errors.h"
#include "tools/suite/suite_check.h"
#include "tools/suite/suite_summary.h"

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
  std::string md = summary_markdown(summary);
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

}  // namespace
}  // namespace railyard
