// Perception noise for the logic exports: the background facts a learner gets are those of the
// train as a perception model might have seen it. Each attribute of each car (shape, length,
// wall, roof, axles, load count, and load shape when the car carries loads) is replaced with
// probability `rate` by another value, drawn uniformly among the values that keep the car within
// the visual constraints (a short car has 2 axles and at most 2 loads; see train.h). An attribute
// that no other value can replace, such as a short car's axles, stays: for those attributes the
// effective rate is lower. When a load count changes from 0 the new loads get a uniform shape;
// the label is never touched. Every change is recorded, so the noisy train is the true one with
// the recorded changes applied in order.
//
// The draws for an example depend only on (seed, dataset index, id): the same example gets the
// same noise in any list, order or thread.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "logic/train.h"
#include "logic/vocabulary.h"
#include "tools/lib/export/export_options.h"

namespace railyard::exports {

// The value a load shape has on a car without loads: "none".
inline constexpr int kNoLoadShape = -1;

struct AttributeChange {
  int car = 1;  // position
  Descriptor attribute = Descriptor::Shape;
  int from = 0;  // as in descriptor_values; kNoLoadShape for a load shape that was not there
  int to = 0;    // likewise, kNoLoadShape when the loads disappeared

  bool operator==(const AttributeChange&) const = default;
};

// Applies noise to train in place and returns the changes in the order they were made.
std::vector<AttributeChange> apply_perception_noise(Train& train, const PerceptionNoise& noise,
                                                    std::uint64_t index, std::string_view id);

// Applies recorded changes to a train (the inverse of reading noise.jsonl; for tests and users).
void apply_changes(Train& train, const std::vector<AttributeChange>& changes);

// One line of noise.jsonl: {"id":"t12","index":12,"changes":[{"car":1,"attribute":"roof",
// "from":"none","to":"flat"},...]} with values in the Michalski vocabulary, numbers as numbers.
void append_noise_record(std::string& out, std::string_view id, std::uint64_t index,
                         const std::vector<AttributeChange>& changes);

}  // namespace railyard::exports
