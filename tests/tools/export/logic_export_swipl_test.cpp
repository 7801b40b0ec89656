// The Popper and Aleph exports against SWI-Prolog and clingo, on 4,000 sampled trains of both
// distributions: the exported facts are exactly what the background predicates say about the
// canonical train terms, the shipped rules rewritten over the exported predicates label every
// example as exported, and the files load in SWI-Prolog (bk.pl, exs.pl, train.b with Aleph's
// declarations as stub directives) and in clingo (bias.pl and bk.pl, as Popper reads them)
// without an error or a warning.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "logic/rule.h"
#include "tests/support/scratch_dir.h"
#include "tests/tools/export/export_test_support.h"
#include "tools/lib/export/exporter.h"
#include "tools/lib/export/logic_vocabulary.h"
#include "util/external_program.h"

namespace railyard::exports {
namespace {

using namespace exports::testing;
namespace fs = std::filesystem;

struct Case {
  LogicVocabulary vocabulary;
  std::string rule;  // shipped rule labelling the examples; prolog/<rule>_<vocabulary>.pl
};

std::string case_name(const Case& c) {
  return std::string(vocabulary_key(c.vocabulary)) + "_" + c.rule;
}

fs::path rewritten_rule(const Case& c) {
  return kChecks / "prolog" / (c.rule + "_" + std::string(vocabulary_key(c.vocabulary)) + ".pl");
}

std::vector<Example> examples_for(const std::string& rule) {
  std::vector<Example> examples = comparison_examples();
  label_with_rule(examples, rule);
  return examples;
}

// railyard_train(Id, Term). for the examples of one split.
void write_train_terms(const std::vector<Example>& examples, const std::string& split,
                       const fs::path& file) {
  std::ofstream out(file);
  for (const Example& example : examples)
    if (example.split == split)
      out << "railyard_train(" << example_id(example) << "," << train_term(example.train.train)
          << ").\n";
}

// Runs a program and expects exit 0 with no warning or error in what it printed. The checks are
// run as `swipl -q SCRIPT -- ARGUMENTS`: without "--", arguments ending in .pl would be loaded
// as scripts too.
void expect_clean_run(const std::string& program, const std::vector<std::string>& arguments) {
  ChildResult run = run_child(program, arguments);
  std::string command = program;
  for (const std::string& a : arguments) command += " " + a;
  EXPECT_EQ(run.exit_code, 0) << command << "\n" << run.output;
  EXPECT_EQ(run.output.find("Warning"), std::string::npos) << command << "\n" << run.output;
  EXPECT_EQ(run.output.find("ERROR"), std::string::npos) << command << "\n" << run.output;
}

std::string script(const std::string& name) {
  return (kChecks / "prolog" / name).string();
}

const std::vector<std::string> kSplits = {"train", "test"};

class ExportedFacts : public railyard::testing::ScratchDirTest,
                      public ::testing::WithParamInterface<LogicVocabulary> {};

TEST_P(ExportedFacts, AreWhatTheBackgroundPredicatesSay) {
  if (!find_on_path("swipl")) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH";
  std::vector<Example> examples = examples_for("theoryx");
  std::string vocabulary(vocabulary_key(GetParam()));
  write_export({ExportTarget::Popper, GetParam(), {}}, examples, dir_ / "popper");
  for (const std::string& split : kSplits) {
    SCOPED_TRACE(split);
    fs::path trains = dir_ / (split + "_trains.pl");
    write_train_terms(examples, split, trains);
    expect_clean_run("swipl", {"-q", script("check_export.pl"), "--", vocabulary,
                               (kRules / "background.pl").string(),
                               (dir_ / "popper" / split / "bk.pl").string(), trains.string()});
  }
}

INSTANTIATE_TEST_SUITE_P(Vocabularies, ExportedFacts,
                         ::testing::Values(LogicVocabulary::Relational, LogicVocabulary::Michalski),
                         [](const auto& info) { return std::string(vocabulary_key(info.param)); });

// The shipped rules rewritten over each vocabulary (prolog/<rule>_<vocabulary>.pl).
std::vector<std::string> rewritten_rules(LogicVocabulary vocabulary) {
  if (vocabulary == LogicVocabulary::Relational) return {"theoryx", "numerical", "complex"};
  return {"theoryx"};
}

class RewrittenRules : public railyard::testing::ScratchDirTest,
                       public ::testing::WithParamInterface<LogicVocabulary> {};

TEST_P(RewrittenRules, LabelEveryExampleAsExported) {
  if (!find_on_path("swipl")) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH";
  std::vector<std::string> rules = rewritten_rules(GetParam());
  for (const std::string& rule : rules)
    write_export({ExportTarget::Popper, GetParam(), {}}, examples_for(rule), dir_ / rule);
  for (const std::string& split : kSplits) {
    SCOPED_TRACE(split);
    // The trains, so the facts, are the same whatever the rule; only the labels differ.
    std::vector<std::string> arguments = {"-q", script("check_labels.pl"), "--",
                                          (dir_ / rules[0] / split / "bk.pl").string()};
    for (const std::string& rule : rules) {
      arguments.push_back((dir_ / rule / split / "exs.pl").string());
      arguments.push_back(rewritten_rule({GetParam(), rule}).string());
    }
    expect_clean_run("swipl", arguments);
  }
}

INSTANTIATE_TEST_SUITE_P(Vocabularies, RewrittenRules,
                         ::testing::Values(LogicVocabulary::Relational, LogicVocabulary::Michalski),
                         [](const auto& info) { return std::string(vocabulary_key(info.param)); });

class AlephExport : public railyard::testing::ScratchDirTest,
                    public ::testing::WithParamInterface<Case> {};

TEST_P(AlephExport, LoadsWithItsDeclarationsAndLabelsAsExported) {
  if (!find_on_path("swipl")) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH";
  const Case& c = GetParam();
  std::vector<Example> examples = examples_for(c.rule);
  write_export({ExportTarget::Aleph, c.vocabulary, {}}, examples, dir_ / "aleph");
  write_export({ExportTarget::Popper, c.vocabulary, {}}, examples, dir_ / "popper");
  for (const std::string& split : kSplits) {
    SCOPED_TRACE(split);
    fs::path folder = dir_ / "aleph" / split;
    expect_clean_run("swipl", {"-q", script("check_aleph.pl"), "--", (folder / "train.b").string(),
                               (folder / "train.f").string(), (folder / "train.n").string(),
                               rewritten_rule(c).string()});
    // The background facts are Popper's, checked against background.pl by ExportedFacts.
    std::string bk = read_text(dir_ / "popper" / split / "bk.pl");
    std::string facts = bk.substr(bk.find('\n') + 1);
    EXPECT_NE(read_text(folder / "train.b").find(facts), std::string::npos);
  }
}

INSTANTIATE_TEST_SUITE_P(Vocabularies, AlephExport,
                         ::testing::Values(Case{LogicVocabulary::Relational, "complex"},
                                           Case{LogicVocabulary::Michalski, "theoryx"}),
                         [](const auto& info) { return case_name(info.param); });

TEST_P(AlephExport, SmallSplitsDeclareThePredicatesWithoutFacts) {
  if (!find_on_path("swipl")) GTEST_SKIP() << "swipl (SWI-Prolog) is not on PATH";
  const Case& c = GetParam();
  std::vector<Example> examples = sampled_examples(false, 2, 2, 2, 8, 0);
  label_with_rule(examples, c.rule);
  for (Example& e : examples) e.split = "tiny";
  write_export({ExportTarget::Aleph, c.vocabulary, {}}, examples, dir_);
  fs::path folder = dir_ / "tiny";
  EXPECT_NE(read_text(folder / "train.b").find(":- dynamic("), std::string::npos);
  expect_clean_run("swipl", {"-q", script("check_aleph.pl"), "--", (folder / "train.b").string(),
                             (folder / "train.f").string(), (folder / "train.n").string(),
                             rewritten_rule(c).string()});
}

// The atoms of `gringo --text` output, by predicate name: "type" -> {"type(short,(car,))", ...}.
std::map<std::string, std::vector<std::string>> ground_atoms(const std::string& output) {
  std::map<std::string, std::vector<std::string>> atoms;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty()) atoms[line.substr(0, line.find('('))].push_back(line);
  return atoms;
}

// The elements of a clingo tuple "(a,b)" or "(a,)".
std::vector<std::string> tuple_elements(std::string tuple) {
  std::vector<std::string> elements;
  std::istringstream parts(tuple.substr(1, tuple.size() - 2));
  std::string element;
  while (std::getline(parts, element, ',')) elements.push_back(element);
  return elements;
}

class PopperBias : public railyard::testing::ScratchDirTest,
                   public ::testing::WithParamInterface<LogicVocabulary> {};

TEST_P(PopperBias, ClingoReadsBiasAndBackground) {
  if (!find_on_path("gringo")) GTEST_SKIP() << "gringo (clingo's grounder) is not on PATH";
  std::vector<Example> examples = sampled_examples(false, 2, 4, 300, 5, 0);
  label_with_rule(examples, "theoryx");
  write_export({ExportTarget::Popper, GetParam(), {}}, examples, dir_);
  fs::path folder = dir_ / "train";
  ChildResult bias = run_child("gringo", {"--text", (folder / "bias.pl").string()});
  ASSERT_EQ(bias.exit_code, 0) << bias.output;
  auto atoms = ground_atoms(bias.output);
  EXPECT_EQ(atoms["head_pred"], std::vector<std::string>{"head_pred(eastbound,1)."});
  for (const char* bound : {"max_vars", "max_body", "max_clauses"})
    EXPECT_EQ(atoms[bound].size(), 1u);

  // Every body predicate has one type and one direction of its arity, and is defined in bk.pl.
  std::map<std::string, std::vector<std::string>> types, directions;
  std::regex pair(R"((type|direction)\((\w+),(\(.*\))\)\.)");
  for (const char* kind : {"type", "direction"})
    for (const std::string& atom : atoms[kind]) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(atom, m, pair)) << atom;
      (m[1] == "type" ? types : directions)[m[2]] = tuple_elements(m[3]);
    }
  std::string bk = read_text(folder / "bk.pl");
  std::regex body(R"(body_pred\((\w+),(\d+)\)\.)");
  std::set<std::string> body_preds;
  for (const std::string& atom : atoms["body_pred"]) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(atom, m, body)) << atom;
    std::string name = m[1];
    std::size_t arity = std::stoul(m[2]);
    body_preds.insert(name);
    EXPECT_EQ(types[name].size(), arity) << name;
    ASSERT_EQ(directions[name].size(), arity) << name;
    for (const std::string& d : directions[name]) EXPECT_TRUE(d == "in" || d == "out") << name;
    EXPECT_NE(bk.find("\n" + name + "("), std::string::npos) << name << " has no facts";
  }
  EXPECT_EQ(types.size(), body_preds.size() + 1);  // and eastbound
  EXPECT_EQ(directions.size(), body_preds.size() + 1);

  // Popper grounds bk.pl with clingo to find recalls and types: it must be plain Datalog.
  ChildResult grounded = run_child("gringo", {"--text", (folder / "bk.pl").string()});
  EXPECT_EQ(grounded.exit_code, 0) << grounded.output.substr(0, 2000);
  EXPECT_EQ(grounded.output.find("warning"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Vocabularies, PopperBias,
                         ::testing::Values(LogicVocabulary::Relational, LogicVocabulary::Michalski),
                         [](const auto& info) { return std::string(vocabulary_key(info.param)); });

}  // namespace
}  // namespace railyard::exports
