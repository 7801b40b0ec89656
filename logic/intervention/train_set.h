// An exact set of trains, each with a small tag: a counterfactual search remembers every train it
// has labelled or expanded so that edits reaching the same train twice (swap_cars(1,2) and
// move(1,2), two commuting edits in either order) cost one hash lookup instead of a labelling.
//
// Keys are the cars packed 15 bits each, compared whole (no false hits). clear() is O(1)
// (generation stamps), and once the table has grown to a search's size, inserting allocates
// nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "logic/train.h"

namespace railyard {

class TrainSet {
 public:
  TrainSet();

  void clear();
  // Adds (train, tag); true when it was not there. The train's values must lie in their
  // descriptor ranges (axles and load counts below 4).
  bool insert(const Train& train, std::uint16_t tag);
  std::size_t size() const { return size_; }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t key = 0;  // offset of the key in keys_
    std::uint32_t generation = 0;
  };

  // Packs (tag, car count, cars) at keys_[used_] (not yet kept) and returns its hash.
  std::uint64_t pack(const Train& train, std::uint16_t tag);
  bool same_key(std::uint32_t a, std::uint32_t b) const;
  void grow();

  std::vector<Slot> slots_;          // open addressing, linear probing, size a power of two
  std::vector<std::uint16_t> keys_;  // the packed keys of this generation, back to back
  std::size_t used_ = 0;             // keys_[0, used_) hold kept keys; the rest is room
  std::uint32_t generation_ = 1;     // slots of other generations are empty
  std::size_t size_ = 0;
};

}  // namespace railyard
