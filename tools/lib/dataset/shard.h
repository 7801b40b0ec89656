// Which sample indices one process renders. Shard i of N takes indices i, i+N, i+2N, ... so each
// shard gets a fair mix of labels and train lengths; the samples themselves never depend on the
// sharding (every index has its own random stream).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>

namespace railyard {

class ShardIndices;

struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;

  bool whole() const { return count == 1; }
  bool contains(std::uint64_t sample) const { return sample % count == index; }
  ShardIndices samples(std::uint64_t dataset_size) const;
};

// The indices of one shard of a dataset, ascending, computed as they are walked: a job of a
// billion images holds none of them in memory.
class ShardIndices {
 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::uint64_t;
    using difference_type = std::ptrdiff_t;
    using pointer = const std::uint64_t*;
    using reference = std::uint64_t;

    iterator() = default;
    iterator(std::uint64_t value, std::uint64_t step, std::uint64_t end)
        : value_(value), step_(step), end_(end) {}
    std::uint64_t operator*() const { return value_; }
    iterator& operator++() {
      // Written so that value + step cannot wrap around when N is near 2^64.
      value_ = end_ - value_ <= step_ ? end_ : value_ + step_;
      return *this;
    }
    iterator operator++(int) {
      iterator before = *this;
      ++*this;
      return before;
    }
    bool operator==(const iterator& other) const { return value_ == other.value_; }

   private:
    std::uint64_t value_ = 0, step_ = 1, end_ = 0;
  };

  ShardIndices(Shard shard, std::uint64_t dataset_size) : shard_(shard), end_(dataset_size) {}
  iterator begin() const { return {shard_.index < end_ ? shard_.index : end_, shard_.count, end_}; }
  iterator end() const { return {end_, shard_.count, end_}; }
  std::uint64_t size() const {
    return shard_.index < end_ ? (end_ - shard_.index - 1) / shard_.count + 1 : 0;
  }

 private:
  Shard shard_;
  std::uint64_t end_;
};

// Parses "i/N" with 0 <= i < N. Throws ConfigError.
Shard parse_shard(std::string_view text);

// The farms whose array jobs set a task index in each task's environment.
enum class Scheduler { Slurm, Kubernetes, AwsBatch };

// This process's shard from the farm's environment, or nullopt outside an array job:
//   Slurm         SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN (a job
//                 array's ids need not start at 0)
//   Kubernetes    JOB_COMPLETION_INDEX (an Indexed Job)
//   AWS Batch     AWS_BATCH_JOB_ARRAY_INDEX (an array job)
// Kubernetes and AWS Batch do not export the task count: `tasks` (the --tasks flag) gives it;
// with Slurm it must agree with SLURM_ARRAY_TASK_COUNT when given. Throws ConfigError naming the
// variables when they are inconsistent, when two farms set theirs, when the count is missing, or
// when `tasks` is given outside any farm.
std::optional<Shard> shard_from_environment(std::optional<std::uint64_t> tasks = std::nullopt);

// The environment variable that holds a scheduler's task index.
std::string_view task_index_variable(Scheduler scheduler);

}  // namespace railyard
