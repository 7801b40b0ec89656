#include "tools/lib/dataset/shard.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "logic/errors.h"
#include "tools/lib/dataset/settings/label_noise.h"

namespace railyard {
namespace {

std::vector<std::uint64_t> list(const auto& range) {
  return {range.begin(), range.end()};
}

TEST(Shard, ParsesAndStrides) {
  Shard s = parse_shard("1/4");
  EXPECT_EQ(list(s.samples(10)), (std::vector<std::uint64_t>{1, 5, 9}));
  EXPECT_EQ(s.samples(10).size(), 3u);
  EXPECT_TRUE(s.contains(5));
  EXPECT_FALSE(s.contains(6));
  for (const char* bad :
       {"4/4", "1", "a/2", "1/0", "/3", "-1/3", "", "/", "1/99999999999999999999"})
    EXPECT_THROW(parse_shard(bad), ConfigError) << bad;
}

// i + N must not wrap around: shard 1 of 2^64 - 1 holds sample 1 alone.
TEST(Shard, HugeShardCountsDoNotWrapAround) {
  Shard s = parse_shard("1/18446744073709551615");
  EXPECT_EQ(list(s.samples(10)), (std::vector<std::uint64_t>{1}));
  EXPECT_EQ(list(Shard{18446744073709551614u, 18446744073709551615u}.samples(10)),
            std::vector<std::uint64_t>{});
  EXPECT_EQ(list(Shard{0, 9223372036854775808u}.samples(18446744073709551615u)),
            (std::vector<std::uint64_t>{0, 9223372036854775808u}));
}

TEST(Shard, ShardsCoverEveryIndexOnce) {
  std::vector<int> seen(103, 0);
  for (std::uint64_t i = 0; i < 7; ++i)
    for (std::uint64_t sample : Shard{i, 7}.samples(seen.size())) ++seen[sample];
  for (int n : seen) EXPECT_EQ(n, 1);
}

// A billion-image shard is walked without a list of its indices; its size is computed.
TEST(Shard, IndicesAreComputedNotStored) {
  ShardIndices billion = Shard{2, 3}.samples(1'000'000'000);
  EXPECT_EQ(billion.size(), 333'333'333u);
  EXPECT_EQ(*billion.begin(), 2u);
  EXPECT_LE(sizeof(billion), 4 * sizeof(std::uint64_t));
  EXPECT_EQ((Shard{5, 6}.samples(5).size()), 0u);
}

TEST(Shard, ReadsSlurmArrayVariables) {
  unsetenv("SLURM_ARRAY_TASK_ID");
  EXPECT_FALSE(shard_from_environment().has_value());
  setenv("SLURM_ARRAY_TASK_ID", "12", 1);
  setenv("SLURM_ARRAY_TASK_COUNT", "4", 1);
  setenv("SLURM_ARRAY_TASK_MIN", "10", 1);
  auto shard = shard_from_environment();
  ASSERT_TRUE(shard.has_value());
  EXPECT_EQ(shard->index, 2u);
  EXPECT_EQ(shard->count, 4u);
  setenv("SLURM_ARRAY_TASK_MAX", "16", 1);  // --array=10-16:2 holds 4 tasks, not 10..13
  EXPECT_THROW(shard_from_environment(), ConfigError);
  setenv("SLURM_ARRAY_TASK_MAX", "13", 1);
  EXPECT_EQ(shard_from_environment()->index, 2u);
  unsetenv("SLURM_ARRAY_TASK_MAX");
  setenv("SLURM_ARRAY_TASK_ID", "15", 1);
  EXPECT_THROW(shard_from_environment(), ConfigError);
  unsetenv("SLURM_ARRAY_TASK_COUNT");
  EXPECT_THROW(shard_from_environment(), ConfigError);
  unsetenv("SLURM_ARRAY_TASK_ID");
  unsetenv("SLURM_ARRAY_TASK_MIN");
}

// Neither Kubernetes nor AWS Batch exports the task count: --tasks gives it.
void expect_counted_farm(const char* variable) {
  SCOPED_TRACE(variable);
  setenv(variable, "3", 1);
  auto shard = shard_from_environment(5);
  ASSERT_TRUE(shard.has_value());
  EXPECT_EQ(shard->index, 3u);
  EXPECT_EQ(shard->count, 5u);
  try {
    shard_from_environment();
    ADD_FAILURE() << "no task count, yet a shard";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("--tasks"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(variable), std::string::npos) << e.what();
  }
  EXPECT_THROW(shard_from_environment(3), ConfigError);  // index 3 of 3 tasks
  EXPECT_THROW(shard_from_environment(0), ConfigError);
  setenv(variable, "x", 1);
  EXPECT_THROW(shard_from_environment(5), ConfigError);
  unsetenv(variable);
}

TEST(Shard, ReadsKubernetesIndexedJobVariable) {
  expect_counted_farm("JOB_COMPLETION_INDEX");
}

TEST(Shard, ReadsAwsBatchArrayVariable) {
  expect_counted_farm("AWS_BATCH_JOB_ARRAY_INDEX");
}

TEST(Shard, RefusesTwoFarmsAndTasksWithoutAnIndex) {
  EXPECT_FALSE(shard_from_environment().has_value());
  EXPECT_THROW(shard_from_environment(4), ConfigError);  // --tasks with no task index
  setenv("JOB_COMPLETION_INDEX", "1", 1);
  setenv("AWS_BATCH_JOB_ARRAY_INDEX", "1", 1);
  EXPECT_THROW(shard_from_environment(4), ConfigError);
  unsetenv("AWS_BATCH_JOB_ARRAY_INDEX");
  setenv("SLURM_ARRAY_TASK_ID", "1", 1);
  EXPECT_THROW(shard_from_environment(4), ConfigError);
  unsetenv("JOB_COMPLETION_INDEX");
  setenv("SLURM_ARRAY_TASK_COUNT", "4", 1);
  EXPECT_EQ(shard_from_environment(4)->index, 1u);  // Slurm's count, and --tasks agreeing
  EXPECT_THROW(shard_from_environment(5), ConfigError);
  unsetenv("SLURM_ARRAY_TASK_ID");
  unsetenv("SLURM_ARRAY_TASK_COUNT");
}

TEST(LabelNoise, FlipsTheRequestedFractionDeterministically) {
  int flipped = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    bool f = label_flipped(5, i, 0.1);
    EXPECT_EQ(f, label_flipped(5, i, 0.1));
    flipped += f;
    EXPECT_EQ(published_label(Direction::East, 5, i, 0.1), f ? Direction::West : Direction::East);
  }
  EXPECT_NEAR(flipped / double(n), 0.1, 0.01);
  EXPECT_FALSE(label_flipped(5, 0, 0.0));
}

}  // namespace
}  // namespace railyard
