#include "tools/lib/dataset/tar_shard_plan.h"

#include <algorithm>
#include <stdexcept>

#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/shards/shard_layout.h"

namespace railyard {

TarShardPlan::TarShardPlan(std::vector<std::uint8_t> split_of, std::uint64_t samples_per_shard)
    : split_of_(std::move(split_of)),
      samples_per_shard_(samples_per_shard),
      key_digits_(railyard::key_digits(split_of_.size())) {
  if (samples_per_shard_ == 0) throw std::logic_error("a shard plan of 0 units per shard");
  for (std::uint64_t unit = 0; unit < split_of_.size(); ++unit)
    by_split_.at(split_of_[unit]).push_back(unit);
  for (std::uint8_t split = 0; split < by_split_.size(); ++split) {
    const std::uint64_t count = by_split_[split].size();
    for (std::uint64_t begin = 0, number = 0; begin < count; begin += samples_per_shard_, ++number)
      shards_.push_back({shard_name(kSplitNames[split], number), split, begin,
                         std::min(count, begin + samples_per_shard_)});
  }
}

std::span<const std::uint64_t> TarShardPlan::units_of(const PlannedShard& shard) const {
  return std::span(by_split_[shard.split]).subspan(shard.begin, shard.end - shard.begin);
}

}  // namespace railyard
