// What the exporters accept and refuse, and how their folders appear: complete or not at all,
// the same bytes for the same input.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <fstream>

#include "tests/support/scratch_dir.h"
#include "tests/tools/export/export_test_support.h"
#include "tools/lib/export/exporter.h"

namespace railyard::exports {
namespace {

using namespace exports::testing;
namespace fs = std::filesystem;

// The message of the ExportError f throws, or "" when it throws none.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const ExportError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ExportKeys, ParseAndNameEachOther) {
  for (ExportTarget t : {ExportTarget::Popper, ExportTarget::Aleph, ExportTarget::SceneGraphs})
    EXPECT_EQ(parse_export_target(target_key(t)), t);
  for (LogicVocabulary v : {LogicVocabulary::Relational, LogicVocabulary::Michalski})
    EXPECT_EQ(parse_logic_vocabulary(vocabulary_key(v)), v);
  std::string message = error_of([] { parse_export_target("prolog"); });
  EXPECT_TRUE(contains(message, "'prolog'")) << message;
  EXPECT_TRUE(contains(message, "popper, aleph, scene_graphs")) << message;
  message = error_of([] { parse_logic_vocabulary("blocks"); });
  EXPECT_TRUE(contains(message, "'blocks'") && contains(message, "relational, michalski"))
      << message;
}

class ExportInput : public railyard::testing::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    examples_ = sampled_examples(false, 2, 4, 20, 3, 0);
    label_with_rule(examples_, "theoryx");
  }

  // Export that must fail with a message holding `part`, leaving an earlier export in place.
  void expect_refused(const ExportOptions& options, const std::vector<Example>& examples,
                      const std::string& part) {
    write_export({}, examples_, dir_ / "out");
    auto before = folder_contents(dir_ / "out");
    std::string message = error_of([&] { write_export(options, examples, dir_ / "out"); });
    EXPECT_TRUE(contains(message, part)) << "message: '" << message << "', wanted: " << part;
    EXPECT_EQ(folder_contents(dir_ / "out"), before);
    for (const auto& entry : fs::directory_iterator(dir_))
      EXPECT_EQ(entry.path().filename(), "out") << "left behind: " << entry.path();
  }

  std::vector<Example> examples_;
};

TEST_F(ExportInput, RefusesBadOptions) {
  expect_refused({ExportTarget::Popper, {}, {-0.1, 0}}, examples_, "rate -0.1 is outside [0, 1]");
  expect_refused({ExportTarget::Aleph, {}, {1.5, 0}}, examples_, "rate 1.5 is outside [0, 1]");
  expect_refused({ExportTarget::Aleph, {}, {std::nan(""), 0}}, examples_, "outside [0, 1]");
  expect_refused({ExportTarget::SceneGraphs, {}, {0.1, 0}}, examples_, "not to scene_graphs");
  expect_refused({}, {}, "the example list is empty");
}

TEST_F(ExportInput, RefusesBadExamples) {
  auto with = [&](auto change) {
    std::vector<Example> changed = examples_;
    change(changed);
    return changed;
  };
  expect_refused({}, with([](auto& e) { e[2].id = "T2"; }), "'T2' is not a constant");
  expect_refused({}, with([](auto& e) { e[2].id = "t 2"; }), "'t 2' is not a constant");
  expect_refused({}, with([](auto& e) { e[2].id = "t1"; }), "example id t1 appears twice");
  expect_refused({}, with([](auto& e) { e[2].id = "t9_c1"; }), "ends like a car or load");
  expect_refused({}, with([](auto& e) { e[2].id = "t9_c1_l2"; }), "ends like a car or load");
  expect_refused({}, with([](auto& e) { e[4].split = "../up"; }), "example t4: split '../up'");
  expect_refused({}, with([](auto& e) { e[4].split = ""; }), "example t4: split ''");
  expect_refused({}, with([](auto& e) { e[5].train.train.cars[1].position = 3; }),
                 "example t5, car 2: position 3");
  expect_refused({}, with([](auto& e) { e[6].train.train.cars[0].axles = 4; }),
                 "example t6, car 1: axles value 4");
  expect_refused({}, with([](auto& e) { e[7].train.train.cars.clear(); }), "t7: the train has no");
}

TEST_F(ExportInput, AcceptsAnyIdsAndSplits) {
  // Both sides of an intervention pair, and a split of another name.
  std::vector<Example> pair = {examples_[12], examples_[12]};
  pair[1].id = "t12_cf";
  pair[1].split = "counterfactual";
  pair[1].train.label = Direction::West;
  pair[0].train.label = Direction::East;
  ExportSummary summary = write_export({}, pair, dir_ / "pair");
  ASSERT_EQ(summary.splits.size(), 2u);
  EXPECT_EQ(read_text(dir_ / "pair" / "train" / "exs.pl"), "pos(eastbound(t12)).\n");
  EXPECT_EQ(read_text(dir_ / "pair" / "counterfactual" / "exs.pl"), "neg(eastbound(t12_cf)).\n");
  EXPECT_TRUE(contains(read_text(dir_ / "pair" / "counterfactual" / "bk.pl"),
                       "has_car(t12_cf,t12_cf_c1).\n"));
}

TEST_F(ExportInput, SameInputSameBytes) {
  for (ExportTarget target :
       {ExportTarget::Popper, ExportTarget::Aleph, ExportTarget::SceneGraphs}) {
    ExportOptions options{target, LogicVocabulary::Michalski, {}};
    if (target != ExportTarget::SceneGraphs) options.noise = {0.2, 9};
    write_export(options, examples_, dir_ / "a");
    write_export(options, examples_, dir_ / "b");
    EXPECT_EQ(folder_contents(dir_ / "a"), folder_contents(dir_ / "b")) << target_key(target);
  }
}

TEST_F(ExportInput, ManifestCountsEachSplit) {
  ExportSummary summary = write_export({ExportTarget::Aleph, {}, {0.1, 2}}, examples_, dir_ / "x");
  ASSERT_EQ(summary.splits.size(), 2u);
  EXPECT_EQ(summary.splits[0].name, "train");
  EXPECT_EQ(summary.splits[0].examples + summary.splits[1].examples, examples_.size());
  std::size_t east = 0;
  for (const Example& e : examples_) east += e.train.label == Direction::East;
  EXPECT_EQ(summary.splits[0].eastbound + summary.splits[1].eastbound, east);
  std::string manifest = read_text(dir_ / "x" / "export.json");
  EXPECT_TRUE(contains(manifest, "\"target\": \"aleph\"")) << manifest;
  EXPECT_TRUE(contains(manifest, "\"rate\": 0.1")) << manifest;
  EXPECT_TRUE(contains(manifest, "\"eastbound\": " + std::to_string(summary.splits[0].eastbound)))
      << manifest;
}

TEST_F(ExportInput, ReplacesAnEarlierExportWhole) {
  write_export({ExportTarget::Popper, {}, {}}, examples_, dir_ / "out");
  write_export({ExportTarget::Aleph, {}, {}}, examples_, dir_ / "out");
  EXPECT_FALSE(fs::exists(dir_ / "out" / "train" / "bk.pl"));
  EXPECT_TRUE(fs::exists(dir_ / "out" / "train" / "train.b"));
  std::size_t entries = std::distance(fs::directory_iterator(dir_), fs::directory_iterator());
  EXPECT_EQ(entries, 1u) << "a temporary folder was left behind";
}

TEST_F(ExportInput, MarksItsFolderWithTheFilesItWrote) {
  write_export({ExportTarget::Popper, {}, {}}, examples_, dir_ / "out");
  std::string marker = read_text(dir_ / "out" / std::string(kExportFolder.marker));
  EXPECT_TRUE(contains(marker, "# made by railyard export:")) << marker;
  EXPECT_TRUE(contains(marker, "  export.json\n")) << marker;
  EXPECT_TRUE(contains(marker, "  train/bk.pl\n")) << marker;
  EXPECT_TRUE(contains(marker, "  test/exs.pl\n")) << marker;
}

TEST_F(ExportInput, TakesAnEmptyFolder) {
  fs::create_directories(dir_ / "out");
  write_export({}, examples_, dir_ / "out");
  EXPECT_TRUE(fs::exists(dir_ / "out" / "train" / "bk.pl"));
}

// Whatever an export did not make stays as it was: a dataset, a folder of other files, an
// earlier export to which a person added a file, or a file in place of a marker.
TEST_F(ExportInput, NeverReplacesWhatItDidNotMake) {
  auto refused = [&](const fs::path& folder, const std::string& part) {
    auto before = folder_contents(folder);
    std::string message;
    try {
      write_export({}, examples_, folder);
    } catch (const InputError& e) {
      message = e.what();
    }
    EXPECT_TRUE(contains(message, folder.string()) && contains(message, part)) << message;
    EXPECT_EQ(folder_contents(folder), before) << folder;
  };
  fs::create_directories(dir_ / "dataset" / "records");
  std::ofstream(dir_ / "dataset" / "records" / "0.json") << "{}";
  refused(dir_ / "dataset", "not made by railyard export");

  fs::create_directories(dir_ / "home");
  std::ofstream(dir_ / "home" / ".bashrc") << "alias ls='ls -l'";
  refused(dir_ / "home", "not made by railyard export");

  write_export({}, examples_, dir_ / "added");
  std::ofstream(dir_ / "added" / "train" / "notes.txt") << "my notes";
  refused(dir_ / "added", "'train/notes.txt'");

  write_export({}, examples_, dir_ / "linked");
  fs::create_directory_symlink(dir_ / "home", dir_ / "linked" / "home");
  refused(dir_ / "linked", "'home'");

  write_export({}, examples_, dir_ / "forged");
  std::ofstream(dir_ / "forged" / std::string(kExportFolder.marker)) << "train/bk.pl\n";
  refused(dir_ / "forged", "not made by railyard export");
}

// The staged folder's own tests (every refusal, temporaries, commit) are in
// tests/util/staged_folder_test.cpp.
TEST_F(ExportInput, RefusesToReplaceAFile) {
  std::ofstream(dir_ / "out") << "a file";
  std::string message;
  try {
    write_export({}, examples_, dir_ / "out");
  } catch (const InputError& e) {
    message = e.what();
  }
  EXPECT_TRUE(contains(message, "exists and is not a folder")) << message;
  EXPECT_EQ(read_text(dir_ / "out"), "a file");
}

}  // namespace
}  // namespace railyard::exports
