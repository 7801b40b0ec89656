// JSON form of a labelled train, one object per train (the JSON Lines output of `sample`): the
// label, the angle, and every car in all three vocabularies.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "logic/train.h"

namespace railyard {

// {"index", "label", "angle", "num_cars", "cars": [{"position", "michalski": {...},
//  "trains": {...}, "blocks": {...}}]} with descriptor keys as in descriptor_key().
nlohmann::ordered_json train_json(const LabelledTrain& train, std::uint64_t index);

}  // namespace railyard
