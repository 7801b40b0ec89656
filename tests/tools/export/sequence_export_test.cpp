// The Popper and Aleph exports of a sequence dataset (issue #26) against its records and
// sequences/automaton.json: every step fact is the record's, the examples are the sequences'
// labels in their splits, the automaton's facts are automaton.json's, and the files load in
// SWI-Prolog, where running the exported automaton on the exported step predicates gives every
// label and state trace (prolog/check_sequences.pl), and in clingo as Popper reads them.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "tests/support/run_options.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/sequence_config.h"
#include "tests/tools/export/export_test_support.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/export/dataset_examples.h"
#include "tools/lib/export/dataset_export.h"
#include "tools/lib/export/exporter.h"
#include "tools/lib/records/dataset_folder.h"
#include "util/child_process.h"
#include "util/external_program.h"

namespace railyard::exports {
namespace {

using namespace exports::testing;
namespace fs = std::filesystem;

// One sequence dataset for the whole suite, with a Popper and an Aleph export made by finalize.
class SequenceExportTest : public railyard::testing::ScratchDirTest {
 protected:
  static void SetUpTestSuite() {
    base_ =
        fs::temp_directory_path() / ("railyard_SequenceExportTest_" + std::to_string(::getpid()));
    fs::remove_all(base_);
    DatasetConfig c = railyard::testing::small_sequence_config(base_ / "dataset");
    c.exports = {{ExportTarget::Popper, LogicVocabulary::Relational, {}},
                 {ExportTarget::Aleph, LogicVocabulary::Michalski, {}}};
    root_ = generate_dataset(c, railyard::testing::test_run_options()).root;
  }
  static void TearDownTestSuite() { fs::remove_all(base_); }

  static fs::path popper() { return root_ / "exports" / "popper_relational"; }
  static fs::path aleph() { return root_ / "exports" / "aleph_michalski"; }

  static fs::path base_, root_;
};

fs::path SequenceExportTest::base_, SequenceExportTest::root_;

const std::vector<std::string> kSplits = {"train", "val", "test"};

// The lines of a file that are facts (not comments or directives), as a set.
std::set<std::string> facts_of(const fs::path& file) {
  std::set<std::string> facts;
  std::istringstream lines(read_text(file));
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty() && line[0] != '%' && line[0] != ':') facts.insert(line);
  return facts;
}

std::size_t count_prefix(const std::set<std::string>& facts, const std::string& prefix) {
  std::size_t n = 0;
  for (const std::string& f : facts) n += f.rfind(prefix, 0) == 0;
  return n;
}

struct Step {
  std::uint64_t index;
  SequenceStepRecord step;
};

// Each sequence's steps from the records, and the sequences' splits.
std::map<std::uint64_t, std::vector<Step>> sequences_of(const DatasetFolder& folder) {
  std::map<std::uint64_t, std::vector<Step>> sequences;
  for (std::uint64_t i = 0; i < folder.count(); ++i) {
    SampleRecord record = folder.read_record(i);
    EXPECT_TRUE(record.sequence.has_value()) << i;
    sequences[record.sequence->sequence].push_back({i, *record.sequence});
  }
  return sequences;
}

// Runs a program and expects exit 0 with no warning or error in what it printed.
void expect_clean_run(const std::string& program, const std::vector<std::string>& arguments) {
  ChildResult run = run_child(program, arguments);
  std::string command = program;
  for (const std::string& a : arguments) command += " " + a;
  EXPECT_EQ(run.exit_code, 0) << command << "\n" << run.output;
  EXPECT_EQ(run.output.find("Warning"), std::string::npos) << command << "\n" << run.output;
  EXPECT_EQ(run.output.find("ERROR"), std::string::npos) << command << "\n" << run.output;
}

std::string check_script() {
  return (kChecks / "prolog" / "check_sequences.pl").string();
}

// The dataset's formula written as a rule over the exported predicates.
std::string formula_rule() {
  return (kChecks / "prolog" / "g_east_x_roofed_sequences.pl").string();
}

TEST_F(SequenceExportTest, FinalizeWritesEachSplitsSequenceProblem) {
  for (const std::string& split : kSplits) {
    for (const char* name : {"bk.pl", "exs.pl", "bias.pl"})
      EXPECT_TRUE(fs::is_regular_file(popper() / split / "sequences" / name)) << split << name;
    for (const char* name : {"train.b", "train.f", "train.n"})
      EXPECT_TRUE(fs::is_regular_file(aleph() / split / "sequences" / name)) << split << name;
    // The trains' problem is there as for any dataset.
    EXPECT_TRUE(fs::is_regular_file(popper() / split / "bk.pl"));
  }
  nlohmann::json manifest = nlohmann::json::parse(read_text(popper() / "export.json"));
  EXPECT_EQ(manifest["sequences"]["formula"], "G(east -> X roofed)");
  EXPECT_EQ(manifest["sequences"]["step_predicates"],
            nlohmann::json::array({"p_east", "p_heavy", "p_roofed"}));
  EXPECT_EQ(manifest["sequences"]["train_annotations"], "states");
  std::size_t sequences = 0, accepted = 0;
  for (const std::string& split : kSplits) {
    sequences += manifest["splits"][split]["sequences"]["sequences"].get<std::size_t>();
    accepted += manifest["splits"][split]["sequences"]["accepted"].get<std::size_t>();
  }
  EXPECT_EQ(sequences, 12u);
  EXPECT_EQ(accepted, 6u);
}

TEST_F(SequenceExportTest, StepFactsAreTheRecords) {
  DatasetFolder folder = DatasetFolder::open(root_);
  auto sequences = sequences_of(folder);
  for (const fs::path& file :
       {popper() / "train" / "sequences" / "bk.pl", aleph() / "train" / "sequences" / "train.b"}) {
    SCOPED_TRACE(file.string());
    std::map<std::string, std::set<std::string>> facts;
    for (const std::string& split : kSplits) {
      fs::path in_split =
          file.parent_path().parent_path().parent_path() / split / "sequences" / file.filename();
      facts[split] = facts_of(in_split);
    }
    std::map<std::string, std::size_t> steps, true_values;
    for (const auto& [s, records] : sequences) {
      std::string split = folder.split_of(records.front().index);
      const std::set<std::string>& f = facts[split];
      std::string seq = "s" + std::to_string(s);
      EXPECT_TRUE(f.contains("sequence(" + seq + ").")) << seq;
      EXPECT_TRUE(f.contains("first_step(" + seq + ",0).")) << seq;
      EXPECT_TRUE(f.contains("last_step(" + seq + "," + std::to_string(records.size() - 1) + ")."))
          << seq;
      for (std::size_t t = 0; t < records.size(); ++t) {
        const Step& r = records[t];
        EXPECT_EQ(folder.split_of(r.index), split);
        std::string train = "t", time = std::to_string(t);
        train += std::to_string(r.index);  // not "t" + ...: GCC 12 warns falsely (-Wrestrict)
        EXPECT_TRUE(f.contains("step(" + seq + "," + time + "," + train + ").")) << seq << " " << t;
        if (t + 1 < records.size()) {
          EXPECT_TRUE(
              f.contains("next_step(" + seq + "," + time + "," + std::to_string(t + 1) + ")."));
        }
        for (const auto& [atom, value] : r.step.predicates) {
          EXPECT_EQ(f.contains("p_" + atom + "(" + train + ")."), value) << atom << " " << train;
          true_values[split] += value;
        }
        EXPECT_TRUE(f.contains("state_after(" + seq + "," + time + ",q" +
                               std::to_string(r.step.next_state) + ")."));
        // The step's train has its vocabulary facts beside.
        EXPECT_TRUE(f.contains("has_car(" + train + "," + train + "_c1).")) << train;
        ++steps[split];
      }
    }
    // Nothing but the split's own: no other sequence's step, value or state.
    for (const std::string& split : kSplits) {
      EXPECT_EQ(count_prefix(facts[split], "step("), steps[split]) << split;
      EXPECT_EQ(count_prefix(facts[split], "state_after("), steps[split]) << split;
      EXPECT_EQ(count_prefix(facts[split], "p_"), true_values[split]) << split;
    }
  }
}

TEST_F(SequenceExportTest, ExamplesAreTheSequenceLabelsInTheirSplits) {
  DatasetFolder folder = DatasetFolder::open(root_);
  std::map<std::string, std::set<std::string>> positive, negative;
  for (const auto& [s, records] : sequences_of(folder)) {
    std::string split = folder.split_of(records.front().index);
    (records.front().step.accepted ? positive : negative)[split].insert("s" + std::to_string(s));
  }
  for (const std::string& split : kSplits) {
    SCOPED_TRACE(split);
    std::set<std::string> pos, neg, f, n;
    for (const std::string& line : facts_of(popper() / split / "sequences" / "exs.pl")) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(line, m, std::regex(R"((pos|neg)\(accepted\((\w+)\)\)\.)")))
          << line;
      (m[1] == "pos" ? pos : neg).insert(m[2]);
    }
    EXPECT_EQ(pos, positive[split]);
    EXPECT_EQ(neg, negative[split]);
    for (const std::string& line : facts_of(aleph() / split / "sequences" / "train.f"))
      f.insert(line.substr(9, line.size() - 11));  // accepted(s3).
    for (const std::string& line : facts_of(aleph() / split / "sequences" / "train.n"))
      n.insert(line.substr(9, line.size() - 11));
    EXPECT_EQ(f, positive[split]);
    EXPECT_EQ(n, negative[split]);
  }
}

TEST_F(SequenceExportTest, AutomatonFactsAreAutomatonJson) {
  nlohmann::json automaton =
      nlohmann::json::parse(read_text(root_ / "sequences" / "automaton.json"));
  std::set<std::string> expected;
  std::size_t transitions = 0;
  for (const auto& state : automaton["states"]) {
    std::string q = "q" + std::to_string(state["id"].get<int>());
    expected.insert("state(" + q + ").");
    if (state["initial"]) expected.insert("initial_state(" + q + ").");
    if (state["accepting"]) expected.insert("accepting_state(" + q + ").");
    if (state["sink"]) expected.insert("sink_state(" + q + ").");
  }
  std::set<std::pair<std::string, std::string>> joined;
  for (const auto& t : automaton["transitions"])
    joined.insert(
        {"q" + std::to_string(t["from"].get<int>()), "q" + std::to_string(t["to"].get<int>())});
  for (const std::string& split : kSplits) {
    SCOPED_TRACE(split);
    std::set<std::string> facts = facts_of(popper() / split / "sequences" / "bk.pl");
    std::set<std::string> states;
    std::set<std::pair<std::string, std::string>> exported;
    std::regex transition(R"(transition\((q\d+),(q\d+),(.+)\)\.)");
    transitions = 0;
    for (const std::string& f : facts) {
      for (const char* p : {"state(", "initial_state(", "accepting_state(", "sink_state("})
        if (f.rfind(p, 0) == 0) states.insert(f);
      std::smatch m;
      if (std::regex_match(f, m, transition)) {
        exported.insert({m[1], m[2]});
        ++transitions;
      }
    }
    EXPECT_EQ(states, expected);
    EXPECT_EQ(exported, joined);  // every disjunct's semantics: check_sequences.pl runs them
    EXPECT_GE(transitions, joined.size());
    EXPECT_EQ(facts_of(aleph() / split / "sequences" / "train.b").contains(*expected.begin()),
              true);
  }
  EXPECT_GT(transitions, 0u);
}

TEST_F(SequenceExportTest, LoadInSwiplWhereTheAutomatonAndTheFormulaGiveEveryLabel) {
  if (!find_on_path("swipl")) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH";
  for (const std::string& split : kSplits) {
    SCOPED_TRACE(split);
    fs::path p = popper() / split / "sequences", a = aleph() / split / "sequences";
    expect_clean_run("swipl", {"-q", check_script(), "--", "states", "popper",
                               (p / "bk.pl").string(), (p / "exs.pl").string(), formula_rule()});
    expect_clean_run("swipl",
                     {"-q", check_script(), "--", "states", "aleph", (a / "train.b").string(),
                      (a / "train.f").string(), (a / "train.n").string(), formula_rule()});
  }
}

// The atoms of `gringo --text` output, by predicate name.
std::map<std::string, std::vector<std::string>> ground_atoms(const std::string& output) {
  std::map<std::string, std::vector<std::string>> atoms;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty()) atoms[line.substr(0, line.find('('))].push_back(line);
  return atoms;
}

std::size_t tuple_size(const std::string& tuple) {
  std::string inner = tuple.substr(1, tuple.size() - 2);
  if (!inner.empty() && inner.back() == ',') inner.pop_back();
  return static_cast<std::size_t>(std::count(inner.begin(), inner.end(), ',')) + 1;
}

TEST_F(SequenceExportTest, ClingoReadsTheSequenceBiasAndBackground) {
  if (!find_on_path("gringo")) GTEST_SKIP() << "gringo (clingo's grounder) is not on PATH";
  for (const std::string& split : kSplits) {
    SCOPED_TRACE(split);
    fs::path folder = popper() / split / "sequences";
    ChildResult bias = run_child("gringo", {"--text", (folder / "bias.pl").string()});
    ASSERT_EQ(bias.exit_code, 0) << bias.output;
    auto atoms = ground_atoms(bias.output);
    EXPECT_EQ(atoms["head_pred"], std::vector<std::string>{"head_pred(accepted,1)."});
    std::map<std::string, std::size_t> types, directions;
    std::regex pair(R"((type|direction)\((\w+),(\(.*\))\)\.)");
    for (const char* kind : {"type", "direction"})
      for (const std::string& atom : atoms[kind]) {
        std::smatch m;
        ASSERT_TRUE(std::regex_match(atom, m, pair)) << atom;
        (m[1] == "type" ? types : directions)[m[2]] = tuple_size(m[3]);
      }
    std::string bk = read_text(folder / "bk.pl");
    std::set<std::string> body;
    std::regex body_pred(R"(body_pred\((\w+),(\d+)\)\.)");
    for (const std::string& atom : atoms["body_pred"]) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(atom, m, body_pred)) << atom;
      std::string name = m[1];
      body.insert(name);
      EXPECT_EQ(types[name], std::stoul(m[2])) << name;
      EXPECT_EQ(directions[name], std::stoul(m[2])) << name;
      // The sequence predicates offered have facts (the vocabulary's: PopperBias).
      if (name.rfind("p_", 0) == 0 || name.find("step") != std::string::npos) {
        EXPECT_NE(bk.find("\n" + name + "("), std::string::npos) << name << " has no facts";
      }
    }
    for (const char* learnable :
         {"step", "first_step", "next_step", "last_step", "p_east", "p_roofed", "has_car"})
      EXPECT_TRUE(body.contains(learnable)) << learnable;
    for (const char* lookup : {"state_after", "transition", "accepting_state"})
      EXPECT_FALSE(body.contains(lookup)) << lookup;
    EXPECT_EQ(types.size(), body.size() + 1);  // and accepted
    ChildResult grounded = run_child("gringo", {"--text", (folder / "bk.pl").string()});
    EXPECT_EQ(grounded.exit_code, 0) << grounded.output.substr(0, 2000);
    EXPECT_EQ(grounded.output.find("warning"), std::string::npos);
    EXPECT_NE(grounded.output.find("transition(q0,"), std::string::npos);
  }
}

// The train split shows what the dataset publishes (sequence.train_annotations); the others
// everything, as the dataset's own sequence files.
TEST_F(SequenceExportTest, TheTrainSplitShowsWhatTheDatasetPublishes) {
  DatasetExamples read = read_dataset_examples(DatasetFolder::open(root_), false);
  ASSERT_TRUE(read.sequences.has_value());
  EXPECT_EQ(read.sequences->train_annotations, SequenceAnnotations::States);
  for (SequenceAnnotations shown : {SequenceAnnotations::Label, SequenceAnnotations::Predicates}) {
    std::string key(kSequenceAnnotationNames.name(shown));
    SCOPED_TRACE(key);
    read.sequences->train_annotations = shown;
    for (ExportTarget target : {ExportTarget::Popper, ExportTarget::Aleph})
      write_export({target, LogicVocabulary::Michalski, {}}, read.examples,
                   dir_ / key / std::string(target_key(target)), &*read.sequences);
    fs::path train = dir_ / key / "popper" / "train" / "sequences";
    std::set<std::string> facts = facts_of(train / "bk.pl");
    EXPECT_EQ(count_prefix(facts, "state_after("), 0u);
    EXPECT_EQ(count_prefix(facts, "p_") > 0, shown == SequenceAnnotations::Predicates);
    EXPECT_EQ(read_text(train / "bias.pl").find("body_pred(p_") != std::string::npos,
              shown == SequenceAnnotations::Predicates);
    EXPECT_GT(count_prefix(facts, "transition("), 0u);  // the automaton is always there
    std::set<std::string> test = facts_of(dir_ / key / "popper" / "test" / "sequences" / "bk.pl");
    EXPECT_GT(count_prefix(test, "state_after("), 0u);
    EXPECT_GT(count_prefix(test, "p_"), 0u);
    nlohmann::json manifest =
        nlohmann::json::parse(read_text(dir_ / key / "popper" / "export.json"));
    EXPECT_EQ(manifest["splits"]["train"]["sequences"]["annotations"], key);
    EXPECT_EQ(manifest["splits"]["test"]["sequences"]["annotations"], "states");
    if (!find_on_path("swipl")) continue;
    fs::path aleph_train = dir_ / key / "aleph" / "train" / "sequences";
    expect_clean_run("swipl", {"-q", check_script(), "--", key, "popper",
                               (train / "bk.pl").string(), (train / "exs.pl").string()});
    expect_clean_run("swipl",
                     {"-q", check_script(), "--", key, "aleph", (aleph_train / "train.b").string(),
                      (aleph_train / "train.f").string(), (aleph_train / "train.n").string()});
  }
}

TEST_F(SequenceExportTest, SameDatasetSameBytes) {
  export_dataset(root_, {ExportTarget::Popper, LogicVocabulary::Relational, {}}, dir_ / "again");
  EXPECT_EQ(folder_contents(dir_ / "again"), folder_contents(popper()));
  // With perception noise both problems see the same noisy trains.
  export_dataset(root_, {ExportTarget::Aleph, LogicVocabulary::Relational, {0.2, 3}},
                 dir_ / "noisy");
  std::string trains = read_text(dir_ / "noisy" / "val" / "train.b");
  std::string facts = trains.substr(trains.find("% has_car("));
  EXPECT_NE(read_text(dir_ / "noisy" / "val" / "sequences" / "train.b").find(facts),
            std::string::npos);
  // Scene graphs stay per train.
  export_dataset(root_, {ExportTarget::SceneGraphs, LogicVocabulary::Relational, {}},
                 dir_ / "graphs");
  EXPECT_FALSE(fs::exists(dir_ / "graphs" / "train" / "sequences"));
}

TEST_F(SequenceExportTest, RefusesSequencesThatContradictTheirSteps) {
  DatasetExamples read = read_dataset_examples(DatasetFolder::open(root_), false);
  ASSERT_TRUE(read.sequences.has_value());
  ExportOptions options{ExportTarget::Popper, LogicVocabulary::Relational, {}};
  auto refused = [&](const SequenceExamples& sequences, const std::string& message) {
    try {
      write_export(options, read.examples, dir_ / "out", &sequences);
      ADD_FAILURE() << "no ExportError, expected: " << message;
    } catch (const ExportError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(dir_ / "out"));
  };
  SequenceExamples bad = *read.sequences;
  bad.sequences[1].accepted = !bad.sequences[1].accepted;
  refused(bad, "sequence 1: labelled");
  bad = *read.sequences;
  bad.sequences[2].steps[1].next_state += 1;
  refused(bad, "sequence 2, step 1");
  bad = *read.sequences;
  bad.sequences[0].steps[0].train = "t999";
  refused(bad, "train 't999' is not an example");
  bad = *read.sequences;
  bad.sequences[0].split = bad.sequences[0].split == "train" ? "test" : "train";
  refused(bad, "is in split");
  bad = *read.sequences;
  bad.sequences[0].steps[0].predicates.pop_back();
  refused(bad, "are not the automaton's atoms");
  std::vector<Example> renamed = read.examples;
  renamed.back().id = "s0";
  try {
    write_export(options, renamed, dir_ / "out", &*read.sequences);
    ADD_FAILURE() << "a train named s0 was taken";
  } catch (const ExportError& e) {
    EXPECT_NE(std::string(e.what()).find("s0"), std::string::npos) << e.what();
  }
}

// A dataset of single trains exports as ever: no sequence problem, no "sequences" entry.
TEST_F(SequenceExportTest, PlainExamplesHaveNoSequenceProblem) {
  std::vector<Example> examples = sampled_examples(false, 2, 4, 20, 3, 0);
  label_with_rule(examples, "theoryx");
  write_export({ExportTarget::Popper, LogicVocabulary::Relational, {}}, examples, dir_ / "plain");
  EXPECT_FALSE(fs::exists(dir_ / "plain" / "train" / "sequences"));
  EXPECT_EQ(read_text(dir_ / "plain" / "export.json").find("sequences"), std::string::npos);
}

}  // namespace
}  // namespace railyard::exports
