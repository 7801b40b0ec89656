#include "logic/worlds/label_bits.h"

namespace railyard::worlds {

std::vector<std::size_t> sole_counts(const std::vector<const LabelBits*>& sets) {
  std::vector<std::size_t> counts(sets.size(), 0);
  if (sets.empty()) return counts;
  std::size_t words = sets.front()->words().size();
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t seen_once = 0, seen_twice = 0;
    for (const LabelBits* s : sets) {
      std::uint64_t bits = s->words()[w];
      seen_twice |= seen_once & bits;
      seen_once |= bits;
    }
    std::uint64_t sole = seen_once & ~seen_twice;
    for (std::size_t i = 0; i < sets.size(); ++i)
      counts[i] += static_cast<std::size_t>(std::popcount(sets[i]->words()[w] & sole));
  }
  return counts;
}

}  // namespace railyard::worlds
