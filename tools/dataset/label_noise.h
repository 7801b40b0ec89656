// What a dataset publishes of the true labels. Label noise: a fraction of samples publish the
// opposite label, recorded next to the true one. Supervision: a fraction of samples have their
// label given; the others are withheld for semi-supervised learning. V-LoL's files know only
// east/west, so a withheld sample still shows its published label there; it is marked
// "labelled": false in its record and all_scenes entry and listed in splits/unlabelled.txt
// (the given ones in splits/labelled.txt), and the true label stays in the record. Whether index
// i is flipped or withheld depends only on (seed, i), each from a stream of its own.
#pragma once

#include <cstdint>

#include "logic/train.h"

namespace railyard {

bool label_flipped(std::uint64_t seed, std::uint64_t index, double noise);
Direction published_label(Direction true_label, std::uint64_t seed, std::uint64_t index,
                          double noise);
// Whether sample i's label is given, with probability `supervision` (always when it is 1).
bool label_given(std::uint64_t seed, std::uint64_t index, double supervision);

}  // namespace railyard
