// Which sample indices one process renders. Shard i of N takes indices i, i+N, i+2N, ... so each
// shard gets a fair mix of labels and train lengths; the samples themselves never depend on the
// sharding (every index has its own random stream).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace railyard {

struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;

  bool whole() const { return count == 1; }
  bool contains(std::uint64_t sample) const { return sample % count == index; }
  std::vector<std::uint64_t> samples(std::uint64_t dataset_size) const;
};

// Parses "i/N" with 0 <= i < N. Throws ConfigError.
Shard parse_shard(std::string_view text);

// From SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN when set (a job
// array's ids need not start at 0); nullopt outside a job array. Throws ConfigError when the
// variables are inconsistent.
std::optional<Shard> shard_from_slurm_environment();

}  // namespace railyard
