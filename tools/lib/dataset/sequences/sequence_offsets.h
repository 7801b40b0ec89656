// Where each sequence's steps sit in a sequence set's flat view of samples: sequence s holds the
// samples [first(s), first(s) + length(s)). A length is a pure function of the sequence's index
// (the planner's first draw), so the prefix sums are found as they are asked for and remembered
// every kBlock sequences: a set of a billion sequences starts at once and holds a few megabytes,
// and a walk in increasing order pays one length per sequence it passes.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

namespace railyard {

class SequenceOffsets {
 public:
  using Length = std::function<std::uint64_t(std::uint64_t sequence)>;

  SequenceOffsets(Length length, std::uint64_t count);

  std::uint64_t count() const { return count_; }
  std::uint64_t length(std::uint64_t sequence) const { return length_(sequence); }
  // The first sample of `sequence`; count() gives the number of samples of the whole set.
  std::uint64_t first(std::uint64_t sequence) const;
  std::uint64_t samples() const { return first(count_); }
  // The sequence holding `sample` (< samples()).
  std::uint64_t sequence_of(std::uint64_t sample) const;

 private:
  static constexpr std::uint64_t kBlock = 4096;
  // first(k * kBlock) for every block up to `block`, computed now if not yet; holds mutex_.
  std::uint64_t block_start(std::uint64_t block) const;

  Length length_;
  std::uint64_t count_ = 0;
  mutable std::mutex mutex_;
  mutable std::vector<std::uint64_t> blocks_{0};         // blocks_[k] = first(k * kBlock)
  mutable std::uint64_t cursor_ = 0, cursor_first_ = 0;  // the last sequence asked, its first
};

}  // namespace railyard
