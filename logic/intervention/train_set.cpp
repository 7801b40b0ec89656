#include "logic/intervention/train_set.h"

#include <algorithm>
#include <cstring>

#include "util/random.h"

namespace railyard {
namespace {

constexpr std::size_t kInitialSlots = 1024;

// shape 3 bits, length 1, wall 1, roof 3, axles 2, load shape 3 (0 without loads), count 2.
std::uint16_t pack_car(const Car& car) {
  unsigned load_shape = car.load_count == 0 ? 0u : static_cast<unsigned>(car.load_shape);
  unsigned bits = static_cast<unsigned>(car.shape) | static_cast<unsigned>(car.length) << 3 |
                  static_cast<unsigned>(car.wall) << 4 | static_cast<unsigned>(car.roof) << 5 |
                  static_cast<unsigned>(car.axles & 3) << 8 | load_shape << 10 |
                  static_cast<unsigned>(car.load_count & 3) << 13;
  return static_cast<std::uint16_t>(bits);
}

}  // namespace

TrainSet::TrainSet() : slots_(kInitialSlots), keys_(kInitialSlots * 8) {}

void TrainSet::clear() {
  used_ = 0;
  size_ = 0;
  if (++generation_ == 0) {  // wrapped: stamps of 4 billion clears ago would look current
    std::fill(slots_.begin(), slots_.end(), Slot{});
    generation_ = 1;
  }
}

std::uint64_t TrainSet::pack(const Train& train, std::uint16_t tag) {
  std::size_t cars = train.cars.size();
  if (used_ + 2 + cars > keys_.size()) keys_.resize(std::max(2 * keys_.size(), used_ + 2 + cars));
  std::uint16_t* key = keys_.data() + used_;
  key[0] = tag;
  key[1] = static_cast<std::uint16_t>(cars);
  std::uint64_t hash = mix64(tag | cars << 16), word = 0;
  for (std::size_t i = 0; i < cars; ++i) {
    key[2 + i] = pack_car(train.cars[i]);
    word = word << 16 | key[2 + i];
    if (i % 4 == 3) {
      hash = mix64(hash ^ word);
      word = 0;
    }
  }
  return mix64(hash ^ word);
}

bool TrainSet::same_key(std::uint32_t a, std::uint32_t b) const {
  const std::uint16_t* x = keys_.data() + a;
  const std::uint16_t* y = keys_.data() + b;
  return x[1] == y[1] && std::memcmp(x, y, (2 + x[1]) * sizeof(std::uint16_t)) == 0;
}

bool TrainSet::insert(const Train& train, std::uint16_t tag) {
  if (2 * (size_ + 1) > slots_.size()) grow();
  auto key = static_cast<std::uint32_t>(used_);
  std::uint64_t hash = pack(train, tag);
  std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    Slot& slot = slots_[i];
    if (slot.generation != generation_) {
      slot = {hash, key, generation_};
      used_ += 2 + train.cars.size();  // keep the packed key
      ++size_;
      return true;
    }
    if (slot.hash == hash && same_key(slot.key, key)) return false;
  }
}

void TrainSet::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  std::size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.generation != generation_) continue;
    std::size_t i = slot.hash & mask;
    while (slots_[i].generation == generation_) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

}  // namespace railyard
