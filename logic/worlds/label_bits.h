// A concept's or a world's labels on a fixed train set, one bit per train (1 = east): what
// "meaning" is when worlds are compared, not their text.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace railyard::worlds {

class LabelBits {
 public:
  LabelBits() = default;
  explicit LabelBits(std::size_t size) : size_(size), words_((size + 63) / 64, 0) {}

  std::size_t size() const { return size_; }
  void set(std::size_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }
  bool test(std::size_t i) const { return words_[i / 64] >> (i % 64) & 1u; }

  std::size_t count() const {
    std::size_t n = 0;
    for (std::uint64_t w : words_) n += static_cast<std::size_t>(std::popcount(w));
    return n;
  }
  double share() const { return size_ ? static_cast<double>(count()) / size_ : 0.0; }
  // Trains labelled differently.
  std::size_t differences(const LabelBits& other) const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < words_.size(); ++i)
      n += static_cast<std::size_t>(std::popcount(words_[i] ^ other.words_[i]));
    return n;
  }
  double distance(const LabelBits& other) const {
    return size_ ? static_cast<double>(differences(other)) / size_ : 0.0;
  }
  LabelBits& operator|=(const LabelBits& other) {
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
    return *this;
  }
  bool operator==(const LabelBits&) const = default;
  const std::vector<std::uint64_t>& words() const { return words_; }
  std::vector<std::uint64_t>& words() { return words_; }

 private:
  std::size_t size_ = 0;
  std::vector<std::uint64_t> words_;
};

// Trains where exactly one of `sets` holds, per set: a disjunct with none is idle (the others
// cover it).
std::vector<std::size_t> sole_counts(const std::vector<const LabelBits*>& sets);

}  // namespace railyard::worlds
