// A small open-addressing hash table from a pair of 64-bit keys (heap addresses) to a 64-bit
// value. The term walks that must terminate on cyclic terms use it once a walk grows past a
// threshold: unification and comparison remember the pairs of compounds already matched, copying
// remembers where each compound went, and the cycle finder remembers which compounds are on the
// current path. Small walks never touch it, so the engine's fast paths stay as they were.
#pragma once

#include <cstdint>
#include <vector>

namespace railyard::prolog {

class CellTable {
 public:
  // The value stored for (a, b), or nullptr.
  std::uint64_t* find(std::uint64_t a, std::uint64_t b) {
    if (used_ == 0) return nullptr;
    for (std::size_t i = slot(a, b);; i = (i + 1) & mask()) {
      Entry& e = entries_[i];
      if (!e.used) return nullptr;
      if (e.a == a && e.b == b) return &e.value;
    }
  }
  // Inserts (a, b) -> value; false (and no change) when (a, b) is already there.
  bool insert(std::uint64_t a, std::uint64_t b, std::uint64_t value = 0) {
    if (2 * (used_ + 1) > entries_.size()) grow();
    for (std::size_t i = slot(a, b);; i = (i + 1) & mask()) {
      Entry& e = entries_[i];
      if (!e.used) {
        e = {a, b, value, true};
        ++used_;
        return true;
      }
      if (e.a == a && e.b == b) return false;
    }
  }
  std::size_t size() const { return used_; }
  // Whether the next insert reallocates, and the size in cells it then grows to.
  bool will_grow() const { return 2 * (used_ + 1) > entries_.size(); }
  std::uint64_t cells_after_growth() const {
    return (entries_.empty() ? 64 : 2 * entries_.size()) * (sizeof(Entry) / 8);
  }
  // Memory in 8-byte cells, for the engine's term-space accounting.
  std::uint64_t cells() const { return entries_.size() * (sizeof(Entry) / 8); }
  // Empties the table and gives its memory back: it is only used by large walks.
  void clear() {
    std::vector<Entry>().swap(entries_);
    used_ = 0;
  }

 private:
  struct Entry {
    std::uint64_t a = 0, b = 0, value = 0;
    bool used = false;
  };
  std::size_t mask() const { return entries_.size() - 1; }
  std::size_t slot(std::uint64_t a, std::uint64_t b) const {
    std::uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full);
    return static_cast<std::size_t>(h ^ (h >> 29)) & mask();
  }
  void grow() {
    std::vector<Entry> old;
    old.swap(entries_);
    entries_.resize(old.empty() ? 64 : 2 * old.size());
    used_ = 0;
    for (const Entry& e : old)
      if (e.used) insert(e.a, e.b, e.value);
  }

  std::vector<Entry> entries_;
  std::size_t used_ = 0;
};

}  // namespace railyard::prolog
