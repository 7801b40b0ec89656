// SWI-Prolog itself re-proves every predicate at every step of a generated sequence set: the
// per-step truth values (and so the letters the labels follow from) are Prolog's, not only
// railyard's engine's.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/run_options.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_backend.h"
#include "tools/bench/swipl.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/records/dataset_folder.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

class SequenceSwiplTest : public testing::ScratchDirTest {};

TEST_F(SequenceSwiplTest, SwiPrologReprovesEveryPredicateAtEveryStep) {
  ASSERT_TRUE(find_swipl()) << "swipl is not installed (tools/install-deps.sh installs it)";
  const fs::path rules = fs::path(RAILYARD_SOURCE_DIR) / "logic/rules";
  DatasetConfig c;
  c.count = 16;
  c.seed = 8;
  c.width = 32;
  c.height = 18;
  c.output = dir_ / "set";
  c.threads = 2;
  c.backend = testing::test_backend();
  c.samples = testing::test_samples();
  c.outputs.depth_exr = false;
  c.outputs.depth_png = false;
  c.sequence.formula = "G(p <-> WX !p) & F east";
  c.sequence.min_length = 3;
  c.sequence.max_length = 8;
  const std::string clauses = "p(T) :- has_car(T, C), closed(C), short(C).";
  c.sequence.predicates = {{"p", "", clauses}, {"heavy", "numerical", ""}};
  c.sequence.orphans = {"heavy"};
  c.sequence.rate_trains = 2000;
  RunSummary summary = generate_dataset(c, testing::test_run_options());
  DatasetFolder folder = DatasetFolder::open(summary.root);

  std::vector<Train> trains;
  std::map<std::string, std::vector<bool>> recorded;
  for (std::uint64_t i = 0; i < folder.count(); ++i) {
    SampleRecord record = folder.read_record(i);
    trains.push_back(record.train.train);
    for (const auto& [name, value] : record.sequence->predicates) recorded[name].push_back(value);
  }
  ASSERT_EQ(recorded.size(), 3u);  // p, heavy and east (the dataset's rule)
  // Each predicate as a rule file SWI-Prolog labels with: eastbound/1 is the predicate.
  fs::path p_rule = dir_ / "p.pl";
  std::ofstream(p_rule) << clauses << "\neastbound(T) :- p(T).\n";
  std::map<std::string, fs::path> files = {
      {"p", p_rule}, {"heavy", rules / "numerical.pl"}, {"east", rules / "theoryx.pl"}};
  for (const auto& [name, file] : files) {
    SwiplRun run = label_with_swipl(rules / "background.pl", file, trains);
    ASSERT_EQ(run.labels.size(), trains.size());
    for (std::size_t i = 0; i < trains.size(); ++i)
      EXPECT_EQ(run.labels[i] == Direction::East, recorded[name][i])
          << name << " at sample " << i << ": " << train_term(trains[i]);
  }
}

}  // namespace
}  // namespace railyard
