#include "tools/lib/dataset/sequences/sequence_offsets.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace railyard {

SequenceOffsets::SequenceOffsets(Length length, std::uint64_t count)
    : length_(std::move(length)), count_(count) {}

std::uint64_t SequenceOffsets::block_start(std::uint64_t block) const {
  while (blocks_.size() <= block) {
    std::uint64_t begin = (blocks_.size() - 1) * kBlock, end = std::min(begin + kBlock, count_);
    std::uint64_t first = blocks_.back();
    for (std::uint64_t s = begin; s < end; ++s) first += length_(s);
    blocks_.push_back(first);
  }
  return blocks_[block];
}

std::uint64_t SequenceOffsets::first(std::uint64_t sequence) const {
  if (sequence > count_)
    throw std::out_of_range("sequence " + std::to_string(sequence) + " of " +
                            std::to_string(count_));
  std::lock_guard lock(mutex_);
  std::uint64_t block = sequence / kBlock;
  // From the cursor when it lies in the same block before `sequence` (a walk in order), else
  // from the block's start.
  bool from_cursor = cursor_ <= sequence && cursor_ / kBlock == block;
  std::uint64_t s = from_cursor ? cursor_ : block * kBlock;
  std::uint64_t first = from_cursor ? cursor_first_ : block_start(block);
  for (; s < sequence; ++s) first += length_(s);
  cursor_ = sequence;
  cursor_first_ = first;
  return first;
}

std::uint64_t SequenceOffsets::sequence_of(std::uint64_t sample) const {
  std::uint64_t lo = 0, hi = 0;  // first(lo) <= sample < first(hi)
  {
    std::lock_guard lock(mutex_);
    std::uint64_t blocks = (count_ + kBlock - 1) / kBlock;  // blocks_[blocks] = samples()
    while (blocks_.size() <= blocks && blocks_.back() <= sample) block_start(blocks_.size());
    auto after = std::upper_bound(blocks_.begin(), blocks_.end(), sample);
    auto block = static_cast<std::uint64_t>(after - blocks_.begin()) - 1;
    if (block >= blocks)
      throw std::out_of_range("sample " + std::to_string(sample) + " of " +
                              std::to_string(blocks_.back()));
    lo = block * kBlock;
    hi = std::min(lo + kBlock, count_);
  }
  while (hi - lo > 1) {
    std::uint64_t mid = lo + (hi - lo) / 2;
    (first(mid) <= sample ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace railyard
