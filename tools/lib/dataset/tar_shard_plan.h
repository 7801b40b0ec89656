// Which tar shards a run with `outputs.layout: shards` writes, the units each holds, and which
// farm task writes it. Each split's units, ascending, are cut into shards of samples_per_shard
// (train-000000.tar holds the first ones of train), the splits in `railyard pack`'s order (train,
// val, test): the plan is pack's (tools/lib/shards/pack.h), so the run's shards are pack's of the
// same dataset written as files. Farm task i of N (shard.h) writes shards i, i + N, ... of that
// order; a shard, not a sample, is what a task writes and a resumed run finds done.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tools/lib/dataset/shard.h"
#include "tools/lib/records/formats/split_names.h"

namespace railyard {

struct PlannedShard {
  std::string name;  // "train-000003.tar"
  std::uint8_t split = 0;
  std::uint64_t begin = 0, end = 0;  // its units: the split's [begin, end)
};

class TarShardPlan {
 public:
  // split_of[i]: unit i's split (0 train, 1 val, 2 test).
  TarShardPlan(std::vector<std::uint8_t> split_of, std::uint64_t samples_per_shard);

  std::uint64_t units() const { return split_of_.size(); }
  std::uint64_t samples_per_shard() const { return samples_per_shard_; }
  int key_digits() const { return key_digits_; }
  const std::vector<PlannedShard>& shards() const { return shards_; }
  // A shard's units, ascending.
  std::span<const std::uint64_t> units_of(const PlannedShard& shard) const;
  std::uint8_t split_of(std::uint64_t unit) const { return split_of_[unit]; }
  // Whether farm task `task` writes shard k.
  static bool writes(const Shard& task, std::size_t k) { return k % task.count == task.index; }

 private:
  std::vector<std::uint8_t> split_of_;
  std::array<std::vector<std::uint64_t>, 3> by_split_;
  std::uint64_t samples_per_shard_;
  int key_digits_;
  std::vector<PlannedShard> shards_;
};

}  // namespace railyard
