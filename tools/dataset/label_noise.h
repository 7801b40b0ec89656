// Optional label noise: a fraction of samples publish the opposite label, recorded next to the
// true one. Whether index i is flipped depends only on (seed, i), like everything else.
#pragma once

#include <cstdint>

#include "logic/train.h"

namespace railyard {

bool label_flipped(std::uint64_t seed, std::uint64_t index, double noise);
Direction published_label(Direction true_label, std::uint64_t seed, std::uint64_t index,
                          double noise);

}  // namespace railyard
