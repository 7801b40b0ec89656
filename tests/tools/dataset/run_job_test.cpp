// The run skeleton is general: a new unit of work, defined here, gets locks, resume, sharding and
// merge without touching them. The unit is a sequence of three trains rendered as three samples
// (3s, 3s+1, 3s+2) of one dataset folder; the test writes only what is the unit's own: its
// samples, how to produce and write it.
#include "tools/lib/dataset/run_job.h"

#include <gtest/gtest.h>

#include <array>

#include "logic/errors.h"
#include "logic/rule.h"
#include "tests/support/dataset_snapshot.h"
#include "tests/support/run_options.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/dataset_run.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/train_source.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kSteps = 3;
using Sequence = std::array<RenderedSample, kSteps>;

// Sequence s: samples 3s..3s+2, done when all three are.
class SequenceWork final : public IndexWork<Sequence> {
 public:
  SequenceWork(RunSetup& setup, TrainSource& trains, const DatasetOutput& output)
      : factory_(setup.factory(trains)),
        writer_(output.writer()),
        sequences_(output.config().count / kSteps) {}

  SampleSpan samples(std::uint64_t s) const override { return {kSteps * s, kSteps}; }
  std::optional<std::uint64_t> unit_of(std::uint64_t sample) const override {
    if (sample / kSteps < sequences_) return sample / kSteps;
    return std::nullopt;
  }
  Sequence produce(std::uint64_t& s) override {
    return {factory_(kSteps * s), factory_(kSteps * s + 1), factory_(kSteps * s + 2)};
  }
  void write(const Sequence& sequence) const override {
    for (const RenderedSample& step : sequence) writer_.write(step);
  }
  std::optional<std::uint64_t> unit_count() const override { return sequences_; }
  std::string unit_name() const override { return "sequences"; }

 private:
  SampleFactory factory_;
  SampleWriter writer_;
  std::uint64_t sequences_;
};

class RunJobTest : public testing::ScratchDirTest {
 protected:
  DatasetConfig config(const std::string& sub) const {
    DatasetConfig c;
    c.count = 4 * kSteps;  // samples: four sequences
    c.seed = 11;
    c.width = 64;
    c.height = 36;
    c.splits = {0.5, 0.25, 0.25};
    c.output = dir_ / sub;
    c.threads = 2;
    c.backend = testing::test_backend();
    c.samples = testing::test_samples();
    return c;
  }
  static RunOptions options(Shard shard = {}) { return testing::test_run_options(shard); }

  // The sequences of `config` as a run kind: the same wiring generate has.
  static RunSummary run(const DatasetConfig& config, Shard shard = {}) {
    DatasetInputs inputs = resolve_inputs(config, RAILYARD_SOURCE_DIR);
    SampledTrains trains = sampled_trains(config, inputs);
    RunSetup setup(config, inputs);
    DatasetOutput output(config, inputs.rule_name, inputs.scene_name);
    SequenceWork work(setup, trains, output);
    return run_job(work, output, setup, options(shard));
  }
  static fs::path merge(const DatasetConfig& config) {
    DatasetInputs inputs = resolve_inputs(config, RAILYARD_SOURCE_DIR);
    DatasetOutput output(config, inputs.rule_name, inputs.scene_name);
    return merge_run(output, config, inputs, options());
  }
};

TEST_F(RunJobTest, ANewUnitOfWorkIsShardedResumedAndMergedByTheSkeleton) {
  DatasetConfig whole = config("whole");
  RunSummary first = run(whole);
  EXPECT_EQ(first.rendered, 4u);
  EXPECT_TRUE(first.finalized);
  auto reference = testing::dataset_snapshot(first.root);
  ASSERT_TRUE(reference.count("all_scenes/all_scenes.json"));
  ASSERT_TRUE(reference.count("images/11_m_train.png"));

  // Two shards and a merge: the same bytes as the whole run.
  DatasetConfig sharded = config("sharded");
  RunSummary shard0 = run(sharded, {0, 2});
  EXPECT_EQ(shard0.rendered, 2u);  // sequences 0 and 2
  EXPECT_FALSE(shard0.finalized);
  EXPECT_THROW(merge(sharded), std::exception);  // sequences 1 and 3 are missing
  run(sharded, {1, 2});
  EXPECT_EQ(testing::dataset_snapshot(merge(sharded)), reference);

  // A damaged step makes its whole sequence again, and only it.
  fs::remove(DatasetPaths(first.root).image(4));  // sequence 1, step 1
  RunSummary again = run(whole);
  EXPECT_EQ(again.rendered, 1u);
  EXPECT_EQ(again.skipped, 3u);
  EXPECT_EQ(again.redone, 1u);
  EXPECT_EQ(testing::dataset_snapshot(again.root), reference);

  // The run's lock holds for the new kind too: another config into the same folder is refused.
  DatasetConfig changed = whole;
  changed.width = 80;
  EXPECT_THROW(run(changed), ConfigError);
}

}  // namespace
}  // namespace railyard
