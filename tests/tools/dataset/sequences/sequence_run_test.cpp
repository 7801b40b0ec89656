// Sequence datasets end to end (issue #26): every label and state trace re-derives from the
// records with LTLf's definition (not the automaton), labels are exactly balanced, sequences are
// never split, and the run skeleton's resume and shards give the same bytes.
#include "tools/lib/dataset/sequences/sequence_run.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "logic/errors.h"
#include "logic/ltlf/evaluate.h"
#include "logic/ltlf/trace_text.h"
#include "logic/rule.h"
#include "tests/support/dataset_snapshot.h"
#include "tests/support/run_options.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/sequence_config.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/run_kinds/dataset_verify.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/dataset/sequences/sequence_offsets.h"
#include "tools/lib/records/dataset_folder.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

constexpr const char* kRoofed = testing::kRoofedClauses;

class SequenceRunTest : public testing::ScratchDirTest {
 protected:
  DatasetConfig config(const std::string& sub) const {
    return testing::small_sequence_config(dir_ / sub);
  }
  static RunOptions options(Shard shard = {}) { return testing::test_run_options(shard); }
  static fs::path root(const DatasetConfig& c) {
    return DatasetPaths(dataset_identity(c, "theoryx", "base_scene")).root();
  }
};

// The records of each sequence, in step order.
std::map<std::uint64_t, std::vector<SampleRecord>> sequences_of(const DatasetFolder& folder) {
  std::map<std::uint64_t, std::vector<SampleRecord>> sequences;
  for (std::uint64_t i = 0; i < folder.count(); ++i) {
    SampleRecord record = folder.read_record(i);
    EXPECT_TRUE(record.sequence.has_value()) << i;
    sequences[record.sequence->sequence].push_back(std::move(record));
  }
  return sequences;
}

TEST_F(SequenceRunTest, LabelsRederiveFromTheDefinitionAndAreExactlyBalanced) {
  DatasetConfig c = config("whole");
  RunSummary summary = generate_dataset(c, options());
  ASSERT_TRUE(summary.finalized);
  DatasetFolder folder = DatasetFolder::open(summary.root);
  auto sequences = sequences_of(folder);
  ASSERT_EQ(sequences.size(), 12u);

  ltlf::Formula formula = ltlf::parse_formula(c.sequence.formula);
  Rule roofed = Rule::from_text(
      kRoofed, "roofed", fs::path(RAILYARD_SOURCE_DIR) / "logic/rules/background.pl", "roofed");
  Rule heavy = Rule::load(fs::path(RAILYARD_SOURCE_DIR) / "logic/rules/numerical.pl",
                          fs::path(RAILYARD_SOURCE_DIR) / "logic/rules/background.pl");
  Rule east = Rule::load(fs::path(RAILYARD_SOURCE_DIR) / "logic/rules/theoryx.pl",
                         fs::path(RAILYARD_SOURCE_DIR) / "logic/rules/background.pl");
  int positive = 0;
  for (const auto& [s, steps] : sequences) {
    ASSERT_GE(steps.size(), 2u);
    ASSERT_LE(steps.size(), 5u);
    std::vector<std::string> names;
    for (const auto& [name, value] : steps.front().sequence->predicates) names.push_back(name);
    ASSERT_EQ(names, (std::vector<std::string>{"east", "heavy", "roofed"}));
    std::vector<std::uint32_t> trace;
    std::string split = folder.split_of(steps.front().index);
    for (std::size_t t = 0; t < steps.size(); ++t) {
      const SampleRecord& r = steps[t];
      EXPECT_EQ(r.sequence->step, t);
      EXPECT_EQ(folder.split_of(r.index), split) << "sequence " << s << " is split";
      // Every predicate re-proved on the record's train.
      std::map<std::string, bool> values(r.sequence->predicates.begin(),
                                         r.sequence->predicates.end());
      EXPECT_EQ(values["roofed"], roofed.proves(r.train.train));
      EXPECT_EQ(values["heavy"], heavy.proves(r.train.train));
      EXPECT_EQ(values["east"], east.proves(r.train.train));
      EXPECT_EQ(r.train.label == Direction::East, values["east"]);
      std::uint32_t letter = 0;
      for (std::size_t i = 0; i < names.size(); ++i) letter |= values[names[i]] ? 1u << i : 0u;
      trace.push_back(letter);
      if (t > 0) {
        EXPECT_EQ(r.sequence->state, steps[t - 1].sequence->next_state);
      }
    }
    auto own = ltlf::project_trace(trace, names, formula.atoms());
    EXPECT_EQ(ltlf::holds(formula, own), steps.front().sequence->accepted) << "sequence " << s;
    positive += steps.front().sequence->accepted;
  }
  EXPECT_EQ(positive, 6);

  // The sequence files, and verify remaking every dataset-wide file from the records.
  fs::path files = folder.paths().sequences();
  for (const char* name : {"automaton.json", "sequences.jsonl", "sequence_train.csv",
                           "sequence_val.csv", "sequence_test.csv"})
    EXPECT_TRUE(fs::exists(files / name)) << name;
  std::string csv = read_file_text(files / "sequence_train.csv");
  EXPECT_EQ(csv.rfind("sample_id,seq_id,time,accepted,transition,img_train,out_train,p_east,"
                      "p_heavy,p_roofed\n",
                      0),
            0u);
  for (const VerifyReport& report : verify_dataset(summary.root))
    EXPECT_TRUE(report.faults.empty()) << report.faults.front();
}

TEST_F(SequenceRunTest, ShardsAndResumeGiveTheSameBytes) {
  DatasetConfig whole = config("whole");
  whole.sequence.dynamics = SequenceDynamicsMode::Edits;
  RunSummary first = generate_dataset(whole, options());
  auto reference = testing::dataset_snapshot(first.root);

  DatasetConfig sharded = config("sharded");
  sharded.sequence.dynamics = SequenceDynamicsMode::Edits;
  sharded.threads = 1;
  generate_dataset(sharded, options({0, 2}));
  EXPECT_THROW(merge_dataset(sharded, options()), std::exception);
  generate_dataset(sharded, options({1, 2}));
  EXPECT_EQ(testing::dataset_snapshot(merge_dataset(sharded, options())), reference);

  // A damaged step makes its whole sequence again, and only it.
  fs::remove(DatasetPaths(first.root).image(3));
  RunSummary again = generate_dataset(whole, options());
  EXPECT_EQ(again.rendered, 1u);
  EXPECT_EQ(again.redone, 1u);
  EXPECT_EQ(testing::dataset_snapshot(again.root), reference);
}

// Each refusal names its cause and leaves nothing behind.
TEST_F(SequenceRunTest, RefusesBeforeAnyFileNamingTheCause) {
  struct Case {
    std::function<void(DatasetConfig&)> change;
    std::string message;
  } cases[] = {
      {[](DatasetConfig& c) { c.sequence.formula = "G(east -> X roofed"; }, "column"},
      {[](DatasetConfig& c) { c.sequence.formula = "G(east -> X lamp)"; }, "atom 'lamp'"},
      {[](DatasetConfig& c) { c.sequence.formula = "G(roofed & !roofed) & F east"; },
       "unsatisfiable"},
      {[](DatasetConfig& c) { c.sequence.formula = "G(roofed | !roofed) | east"; }, "tautology"},
      {[](DatasetConfig& c) { c.sequence.predicates[0].text = "roofed(T) :- has_car(T, C"; },
       "sequence.predicates.roofed"},
      {[](DatasetConfig& c) {
         c.sequence.formula = "X X roofed";
         c.sequence.predicates = {{"roofed", "", kRoofed}};
         c.sequence.orphans = {};
         c.sequence.min_length = 1;
       },
       "length 1"},
      // A step whose train is not found within max_attempts draws: its sequence, step and rates.
      {[](DatasetConfig& c) { c.max_attempts = 1; }, "sequence 0, step"},
      // exclude and require are propositional, and each must hold for some step (issue #40:
      // these were silently dropped).
      {[](DatasetConfig& c) { c.sequence.require = {"false"}; }, "sequence.require.0"},
      {[](DatasetConfig& c) { c.sequence.require = {"roofed & !roofed"}; }, "contradiction"},
      {[](DatasetConfig& c) { c.sequence.require = {"X roofed"}; }, "uses X, a temporal"},
      {[](DatasetConfig& c) {
         c.sequence.exclude = {"roofed", "F east"};
       },
       "sequence.exclude.1"},
      {[](DatasetConfig& c) { c.sequence.exclude = {"east & !east"}; }, "exclude nothing"},
  };
  for (const Case& test : cases) {
    DatasetConfig c = config("refused");
    test.change(c);
    try {
      generate_dataset(c, options());
      ADD_FAILURE() << "accepted: " << c.sequence.formula;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(test.message), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(dir_ / "refused")) << test.message;
  }
}

}  // namespace
}  // namespace railyard

namespace railyard {
namespace {

// The sequence files are vouched for by the manifest and made again by verify (automaton.json
// from the config and its inputs): another formula's automaton, a damaged sequences.jsonl or an
// edited record label is refused by readers and reported by verify (issue #40: all were OK).
TEST_F(SequenceRunTest, SequenceFilesAndRecordsAreCheckedNotTrusted) {
  RunSummary made = generate_dataset(config("made"), options());
  DatasetPaths paths(made.root);
  auto damaged = [&](const fs::path& file, auto change, const std::string& expected) {
    std::string before = read_file_text(file);
    std::ofstream(file, std::ios::binary | std::ios::trunc) << change(before);
    std::string faults;
    for (const VerifyReport& report : verify_dataset(made.root))
      for (const std::string& fault : report.faults) faults += fault + "\n";
    EXPECT_NE(faults.find(expected), std::string::npos) << faults;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << before;
  };
  fs::path automaton = paths.sequences() / "automaton.json";
  damaged(
      automaton,
      [](std::string text) {
        return text.replace(text.find("G(east -> X roofed)"), 19, "G(east -> F roofed)");
      },
      "automaton.json");
  damaged(
      paths.sequences() / "sequences.jsonl",
      [](std::string text) { return text.substr(text.find('\n') + 1); }, "sequences.jsonl");
  // Readers refuse what the manifest does not vouch for, before reading it.
  fs::remove(automaton);
  EXPECT_THROW(DatasetFolder::open(made.root), DatasetError);
}

// The samples of a sequence set are placed from the lengths alone (sequence_offsets.h), as the
// walk reaches them: the same places as summing every length, in any order of asking.
TEST(SequenceOffsets, PlacesEverySequenceAsTheSumOfLengths) {
  auto length = [](std::uint64_t s) { return 1 + (s * 7919) % 13; };
  const std::uint64_t count = 20'000;  // several blocks of 4,096
  SequenceOffsets offsets(length, count);
  std::vector<std::uint64_t> first(count + 1, 0);
  for (std::uint64_t s = 0; s < count; ++s) first[s + 1] = first[s] + length(s);
  for (std::uint64_t s : std::vector<std::uint64_t>{19999, 0, 4096, 4095, 12345, 20000})
    EXPECT_EQ(offsets.first(s), first[s]) << s;
  for (std::uint64_t s = 0; s <= count; s += 3) ASSERT_EQ(offsets.first(s), first[s]) << s;
  EXPECT_EQ(offsets.samples(), first[count]);
  for (std::uint64_t sample :
       std::vector<std::uint64_t>{0, 1, first[4096], first[4096] - 1, first[count] - 1}) {
    std::uint64_t s = offsets.sequence_of(sample);
    EXPECT_TRUE(first[s] <= sample && sample < first[s + 1]) << sample;
  }
  EXPECT_THROW(offsets.sequence_of(first[count]), std::out_of_range);
}

// A dataset started by a release without the `sequence:` section resumes: a key only the new
// config has, at its default, is no change of config.
TEST_F(SequenceRunTest, ADatasetStartedBeforeSequencesExistedResumes) {
  DatasetConfig c = config("older");
  c.sequence = {};
  c.count = 4;
  RunSummary first = generate_dataset(c, options());
  fs::path lock = DatasetPaths(first.root).config_lock();
  std::string text = read_file_text(lock), older;
  std::istringstream lines(text);
  bool in_section = false;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != ' ') in_section = line.rfind("sequence:", 0) == 0;
    if (!in_section) older += line + "\n";
  }
  ASSERT_NE(older, text);
  std::ofstream(lock) << older;
  RunSummary again = generate_dataset(c, options());
  EXPECT_EQ(again.skipped, 4u);
  // A changed sequence key is still a change.
  c.sequence.formula = "G(east -> X roofed)";
  c.sequence.predicates = {{"roofed", "", kRoofed}};
  EXPECT_THROW(generate_dataset(c, options()), ConfigError);
}

}  // namespace
}  // namespace railyard

namespace railyard {
namespace {

// labels: positive makes every sequence positive; natural leaves each as its walk ends, and its
// label is still the formula's value on the steps.
TEST_F(SequenceRunTest, PositiveAndNaturalLabelModes) {
  ltlf::Formula formula = ltlf::parse_formula("G(east -> X roofed)");
  for (auto mode : {sequences::LabelMode::Positive, sequences::LabelMode::Natural}) {
    DatasetConfig c = config(mode == sequences::LabelMode::Positive ? "positive" : "natural");
    c.sequence.labels = mode;
    c.outputs.depth_png = false;
    DatasetFolder folder = DatasetFolder::open(generate_dataset(c, options()).root);
    int positive = 0;
    for (const auto& [s, steps] : sequences_of(folder)) {
      std::vector<std::uint32_t> trace;
      for (const SampleRecord& r : steps) {
        std::map<std::string, bool> values(r.sequence->predicates.begin(),
                                           r.sequence->predicates.end());
        trace.push_back((values["east"] ? 1u : 0u) | (values["roofed"] ? 2u : 0u));
      }
      EXPECT_EQ(ltlf::holds(formula, trace), steps.front().sequence->accepted);
      positive += steps.front().sequence->accepted;
    }
    if (mode == sequences::LabelMode::Positive) {
      EXPECT_EQ(positive, 12);
    }
  }
}

}  // namespace
}  // namespace railyard

namespace railyard {
namespace {

// train_annotations: label (temporally distant supervision) withholds the train split's per-step
// labels, as a semi-supervised set withholds labels; the other splits keep theirs.
TEST_F(SequenceRunTest, LabelOnlySupervisionWithholdsTheTrainStepsLabels) {
  DatasetConfig c = config("distant");
  c.sequence.train_annotations = SequenceAnnotations::Label;
  c.outputs.depth_png = false;
  DatasetFolder folder = DatasetFolder::open(generate_dataset(c, options()).root);
  std::uint64_t withheld = 0;
  for (std::uint64_t i = 0; i < folder.count(); ++i) {
    bool train = folder.split_of(i) == "train";
    EXPECT_EQ(folder.read_record(i).labelled, !train) << "sample " << i;
    withheld += train;
  }
  EXPECT_GT(withheld, 0u);
  std::string unlabelled = read_file_text(folder.paths().split("unlabelled"));
  EXPECT_EQ(static_cast<std::uint64_t>(std::count(unlabelled.begin(), unlabelled.end(), '\n')),
            withheld);
  // The train split's sequence lines show the label alone; the others everything.
  std::ifstream lines(folder.paths().sequences() / "sequences.jsonl");
  for (std::string line; std::getline(lines, line);) {
    nlohmann::json json = nlohmann::json::parse(line);
    bool train = json["split"] == "train";
    EXPECT_EQ(json.contains("states"), !train) << line;
    EXPECT_EQ(json.contains("steps"), !train) << line;
  }
}

}  // namespace
}  // namespace railyard
