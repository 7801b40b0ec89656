// A small pairs run for tests: tiny images, a few trains of theory X, a temporary output folder,
// and readers of what the run wrote.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/dataset_snapshot.h"
#include "tests/support/run_options.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/dataset_run.h"

namespace railyard::testing {

class PairsFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::temp_directory_path() /
            ("railyard_pairs_" + std::string(test->test_suite_name()) + "_" + test->name());
    std::filesystem::remove_all(root_);
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  DatasetConfig config(const std::string& sub) const {
    DatasetConfig c;
    c.count = 8;
    c.seed = 5;
    c.rule = "theoryx";
    c.width = 96;
    c.height = 54;
    c.subsets = {};
    c.splits = {0.6, 0.2, 0.2};
    c.output = root_ / sub;
    c.threads = 2;
    c.outputs.depth_exr = false;
    c.backend = test_backend();
    c.samples = test_samples();
    c.interventions.mode = InterventionMode::Flip;
    c.interventions.max_edits = 2;
    return c;
  }
  // The fixture's config in listed mode: `operations` in order, max_edits back to its default
  // (only flip reads it, and a key the mode ignores is refused).
  DatasetConfig listed_config(const std::string& sub, const std::string& operations) const {
    DatasetConfig c = config(sub);
    c.interventions.mode = InterventionMode::Listed;
    c.interventions.operations = parse_operations(operations);
    c.interventions.max_edits = 1;
    return c;
  }
  static RunOptions options(Shard shard = {}) { return testing::test_run_options(shard); }

  static std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  static nlohmann::json read_json(const std::filesystem::path& path) {
    return nlohmann::json::parse(read_text(path));
  }
  static std::vector<nlohmann::json> read_pairs(const std::filesystem::path& root) {
    std::vector<nlohmann::json> pairs;
    std::ifstream in(root / "pairs.jsonl");
    for (std::string line; std::getline(in, line);) pairs.push_back(nlohmann::json::parse(line));
    return pairs;
  }
  // The V-LoL dataset folder of one half ("base" or "intervened").
  static std::filesystem::path half(const std::filesystem::path& root, const std::string& name) {
    for (const auto& entry : std::filesystem::directory_iterator(root / name))
      if (entry.is_directory() && entry.path().filename() != "dataset_descriptions")
        return entry.path();
    return root / name;
  }
  static std::map<std::string, std::string> snapshot(const std::filesystem::path& root) {
    return dataset_snapshot(root);
  }

  std::filesystem::path root_;
};

}  // namespace railyard::testing
