// JSON form of a labelled train, one object per train (the JSON Lines output of `sample`): the
// label, the angle, and every car in all three vocabularies.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "logic/train.h"
#include "logic/vocabulary.h"

namespace railyard {

// {"index", "label", "angle", "num_cars", "cars": [{"position", "michalski": {...},
//  "trains": {...}, "blocks": {...}}]} with descriptor keys as in descriptor_key().
// One car's descriptors by name in `vocabulary` (axles and load count as numbers, "none" for the
// load shape of a car without loads).
nlohmann::ordered_json car_json(Vocabulary vocabulary, const Car& car);

nlohmann::ordered_json train_json(const LabelledTrain& train, std::uint64_t index);

}  // namespace railyard
