// Perception noise: keyed by example alone, within the visual constraints, at the asked rate,
// and recorded so that the noisy facts are the true train with the recorded changes applied.
#include "tools/lib/export/perception_noise.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/scratch_dir.h"
#include "tests/tools/export/export_test_support.h"
#include "tools/lib/export/exporter.h"

namespace railyard::exports {
namespace {

using namespace exports::testing;
namespace fs = std::filesystem;

TEST(PerceptionNoise, NoneAtRateZero) {
  for (const Example& e : sampled_examples(false, 2, 4, 200, 1, 0)) {
    Train train = e.train.train;
    EXPECT_TRUE(apply_perception_noise(train, {0.0, 1}, e.index, "t").empty());
    EXPECT_EQ(train, e.train.train);
  }
}

TEST(PerceptionNoise, DependsOnlyOnSeedIndexAndId) {
  std::vector<Example> examples = sampled_examples(true, 2, 6, 300, 2, 0);
  std::size_t differ_by_id = 0, differ_by_seed = 0;
  for (const Example& e : examples) {
    Train a = e.train.train, b = e.train.train, other_id = e.train.train,
          other_seed = e.train.train;
    auto changes = apply_perception_noise(a, {0.3, 5}, e.index, "t1");
    EXPECT_EQ(apply_perception_noise(b, {0.3, 5}, e.index, "t1"), changes);
    EXPECT_EQ(a, b);
    differ_by_id += apply_perception_noise(other_id, {0.3, 5}, e.index, "t1_cf") != changes;
    differ_by_seed += apply_perception_noise(other_seed, {0.3, 6}, e.index, "t1") != changes;
  }
  EXPECT_GT(differ_by_id, 250u);
  EXPECT_GT(differ_by_seed, 250u);
}

TEST(PerceptionNoise, KeepsTheVisualConstraints) {
  for (double rate : {0.1, 0.5, 1.0})
    for (const Example& e : sampled_examples(true, 2, 4, 2000, 3, 0)) {
      Train train = e.train.train;
      apply_perception_noise(train, {rate, 7}, e.index, "t");
      for (const Car& car : train.cars) EXPECT_TRUE(satisfies_visual_constraints(car));
    }
}

TEST(PerceptionNoise, RateOneChangesEveryAttributeThatCanChange) {
  for (const Example& e : sampled_examples(false, 2, 4, 500, 4, 0)) {
    Train train = e.train.train;
    auto changes = apply_perception_noise(train, {1.0, 8}, e.index, "t");
    for (std::size_t k = 0; k < train.cars.size(); ++k) {
      const Car& before = e.train.train.cars[k];
      const Car& after = train.cars[k];
      // Shape, wall and roof always have other values; so does the count of the loads.
      EXPECT_NE(before.shape, after.shape);
      EXPECT_NE(before.wall, after.wall);
      EXPECT_NE(before.roof, after.roof);
      EXPECT_NE(before.load_count, after.load_count);
    }
  }
}

TEST(PerceptionNoise, ChangesShapesAtTheAskedRate) {
  std::size_t cars = 0, changed = 0;
  for (const Example& e : sampled_examples(false, 2, 4, 8000, 5, 0)) {
    Train train = e.train.train;
    for (const AttributeChange& c : apply_perception_noise(train, {0.1, 9}, e.index, "t"))
      changed += c.attribute == Descriptor::Shape;
    cars += train.cars.size();
  }
  double rate = static_cast<double>(changed) / static_cast<double>(cars);
  EXPECT_NEAR(rate, 0.1, 0.01) << changed << " of " << cars;  // about 4 standard errors
}

// The changes of one noise.jsonl line, read back through the vocabulary.
std::vector<AttributeChange> read_changes(const nlohmann::json& record) {
  std::vector<AttributeChange> changes;
  for (const auto& c : record["changes"]) {
    Descriptor d = *parse_descriptor_key(c["attribute"].get<std::string>());
    auto value = [&](const nlohmann::json& v) {
      if (v.is_number()) return v.get<int>();
      if (d == Descriptor::LoadShape && v == "none") return kNoLoadShape;
      return *parse_value(d, v.get<std::string>());
    };
    changes.push_back({c["car"].get<int>(), d, value(c["from"]), value(c["to"])});
  }
  return changes;
}

class NoiseRecords : public railyard::testing::ScratchDirTest {};

TEST_F(NoiseRecords, ReproduceTheNoisyFacts) {
  std::vector<Example> examples = sampled_examples(false, 2, 4, 1000, 6, 0);
  label_with_rule(examples, "theoryx");
  for (LogicVocabulary vocabulary : {LogicVocabulary::Relational, LogicVocabulary::Michalski}) {
    write_export({ExportTarget::Popper, vocabulary, {0.15, 11}}, examples, dir_ / "noisy");
    std::vector<Example> seen = examples;
    std::size_t changed = 0;
    for (std::string split : {"train", "test"}) {
      std::ifstream records(dir_ / "noisy" / split / "noise.jsonl");
      std::string line;
      while (std::getline(records, line)) {
        nlohmann::json record = nlohmann::json::parse(line);
        Example& example = seen.at(record["index"].get<std::size_t>());
        ASSERT_EQ(record["id"], example_id(example));
        std::vector<AttributeChange> changes = read_changes(record);
        changed += changes.size();
        apply_changes(example.train.train, changes);
      }
    }
    EXPECT_GT(changed, 500u);
    write_export({ExportTarget::Popper, vocabulary, {}}, seen, dir_ / "replayed");
    write_export({ExportTarget::Popper, vocabulary, {}}, examples, dir_ / "clean");
    // Whole files are compared as booleans: a diff of megabytes would drown the report.
    for (std::string split : {"train", "test"}) {
      std::string noisy = read_text(dir_ / "noisy" / split / "bk.pl");
      EXPECT_TRUE(noisy == read_text(dir_ / "replayed" / split / "bk.pl")) << split;
      EXPECT_FALSE(noisy == read_text(dir_ / "clean" / split / "bk.pl")) << split;
      // The labels are the published ones, noise or not.
      EXPECT_TRUE(read_text(dir_ / "noisy" / split / "exs.pl") ==
                  read_text(dir_ / "clean" / split / "exs.pl"))
          << split;
    }
    EXPECT_FALSE(fs::exists(dir_ / "clean" / "train" / "noise.jsonl"));
  }
}

}  // namespace
}  // namespace railyard::exports
