#include "tools/dataset/shard.h"

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

void PendingIndices::iterator::skip_done() {
  while (at_ != end_ && next_done_ < done_->size() && (*done_)[next_done_] <= *at_) {
    if ((*done_)[next_done_] == *at_) ++at_;
    ++next_done_;
  }
}

PendingIndices::PendingIndices(ShardIndices shard, std::vector<std::uint64_t> done)
    : shard_(shard), done_(std::move(done)) {
  for (std::size_t i = 0; i < done_.size(); ++i)
    if ((i > 0 && done_[i] <= done_[i - 1]) || !shard_.contains(done_[i]))
      throw std::invalid_argument("PendingIndices: done indices must be the shard's, ascending");
}

Shard parse_shard(std::string_view text) {
  std::size_t slash = text.find('/');
  auto index = number(text.substr(0, slash));
  auto count = slash == std::string_view::npos ? std::nullopt : number(text.substr(slash + 1));
  if (!index || !count || *count == 0 || *index >= *count)
    throw ConfigError("--shard '" + std::string(text) + "': expected i/N with 0 <= i < N");
  return {*index, *count};
}

std::optional<Shard> shard_from_slurm_environment() {
  auto id = env_number("SLURM_ARRAY_TASK_ID");
  if (!id) return std::nullopt;
  auto count = env_number("SLURM_ARRAY_TASK_COUNT");
  if (!count)
    throw ConfigError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; pass --shard");
  std::uint64_t first = env_number("SLURM_ARRAY_TASK_MIN").value_or(0);
  if (*id < first || *id - first >= *count || *count == 0)
    throw ConfigError("SLURM_ARRAY_TASK_ID=" + std::to_string(*id) + " does not fit an array of " +
                      std::to_string(*count) + " tasks starting at " + std::to_string(first) +
                      "; submit the array as --array=0-" + std::to_string(*count - 1));
  return Shard{*id - first, *count};
}

}  // namespace railyard
