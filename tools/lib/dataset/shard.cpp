#include "tools/lib/dataset/shard.h"

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "logic/errors.h"

namespace railyard {
namespace {

std::optional<std::uint64_t> number(std::string_view text) {
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<std::uint64_t> env_number(const char* name) {
  const char* value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  auto parsed = number(value);
  if (!parsed)
    throw ConfigError(std::string(name) + "='" + value + "' is not a non-negative integer");
  return parsed;
}

}  // namespace

ShardIndices Shard::samples(std::uint64_t dataset_size) const {
  return {*this, dataset_size};
}

Shard parse_shard(std::string_view text) {
  std::size_t slash = text.find('/');
  auto index = number(text.substr(0, slash));
  auto count = slash == std::string_view::npos ? std::nullopt : number(text.substr(slash + 1));
  if (!index || !count || *count == 0 || *index >= *count)
    throw ConfigError("--shard '" + std::string(text) + "': expected i/N with 0 <= i < N");
  return {*index, *count};
}

std::string_view task_index_variable(Scheduler scheduler) {
  switch (scheduler) {
    case Scheduler::Slurm: return "SLURM_ARRAY_TASK_ID";
    case Scheduler::Kubernetes: return "JOB_COMPLETION_INDEX";
    case Scheduler::AwsBatch: return "AWS_BATCH_JOB_ARRAY_INDEX";
  }
  return "";
}

namespace {

// Slurm's array: the ids run from SLURM_ARRAY_TASK_MIN, the count is exported.
Shard slurm_shard(std::uint64_t id, std::optional<std::uint64_t> tasks) {
  auto count = env_number("SLURM_ARRAY_TASK_COUNT");
  if (!count) count = tasks;
  if (!count)
    throw ConfigError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; pass --shard");
  if (tasks && *tasks != *count)
    throw ConfigError("--tasks " + std::to_string(*tasks) +
                      " disagrees with SLURM_ARRAY_TASK_COUNT=" + std::to_string(*count));
  std::uint64_t first = env_number("SLURM_ARRAY_TASK_MIN").value_or(0);
  // Shard i of N needs the ids to be exactly first..first+N-1 (no step, no gaps): any other
  // array would leave some shards unrendered.
  if (auto last = env_number("SLURM_ARRAY_TASK_MAX"); last && *last - first + 1 != *count)
    throw ConfigError("the array's ids " + std::to_string(first) + ".." + std::to_string(*last) +
                      " hold " + std::to_string(*count) +
                      " tasks: submit a contiguous array (--array=0-" + std::to_string(*count - 1) +
                      ")");
  if (id < first || id - first >= *count || *count == 0)
    throw ConfigError("SLURM_ARRAY_TASK_ID=" + std::to_string(id) + " does not fit an array of " +
                      std::to_string(*count) + " tasks starting at " + std::to_string(first) +
                      "; submit the array as --array=0-" + std::to_string(*count - 1));
  return {id - first, *count};
}

// Kubernetes and AWS Batch: indices from 0, the count from --tasks.
Shard counted_shard(std::string_view variable, std::uint64_t index,
                    std::optional<std::uint64_t> tasks) {
  std::string name(variable);
  if (!tasks)
    throw ConfigError(name +
                      " is set, but this farm does not export the task count: pass "
                      "--tasks N (the job's completions or array size), or --shard i/N");
  if (*tasks == 0 || index >= *tasks)
    throw ConfigError(name + "=" + std::to_string(index) + " does not fit --tasks " +
                      std::to_string(*tasks) + " (indices run from 0 to tasks - 1)");
  return {index, *tasks};
}

}  // namespace

std::optional<Shard> shard_from_environment(std::optional<std::uint64_t> tasks) {
  std::optional<std::pair<Scheduler, std::uint64_t>> found;
  for (Scheduler s : {Scheduler::Slurm, Scheduler::Kubernetes, Scheduler::AwsBatch}) {
    std::string name(task_index_variable(s));
    auto index = env_number(name.c_str());
    if (!index) continue;
    if (found)
      throw ConfigError(std::string(task_index_variable(found->first)) + " and " + name +
                        " are both set: which farm runs this task is unclear; pass --shard i/N");
    found.emplace(s, *index);
  }
  if (!found) {
    if (tasks)
      throw ConfigError("--tasks " + std::to_string(*tasks) +
                        " without a task index: it needs JOB_COMPLETION_INDEX (Kubernetes), "
                        "AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch) or SLURM_ARRAY_TASK_ID set, or "
                        "pass --shard i/N instead");
    return std::nullopt;
  }
  if (found->first == Scheduler::Slurm) return slurm_shard(found->second, tasks);
  return counted_shard(task_index_variable(found->first), found->second, tasks);
}

}  // namespace railyard
