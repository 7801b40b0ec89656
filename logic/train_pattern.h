// A combination of attribute values a train can hold, for hold-outs, required combinations and
// confounders. At car level it matches a train when some car has every listed value
// ({color: red, roof: peaked_roof}); tied to a position it matches when the car there has them
// ({car: 1, shape: bucket}: a bucket car right behind the locomotive). Values are written in any
// vocabulary (vocabulary.h); a load shape matches only cars that carry loads.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "logic/train.h"
#include "logic/vocabulary.h"

namespace railyard {

struct PatternValue {
  Descriptor descriptor = Descriptor::Shape;
  int value = 0;              // as in descriptor_values
  std::string key, spelling;  // as the user wrote them ("color", "red"), for messages and emit

  bool operator==(const PatternValue&) const = default;
};

struct TrainPattern {
  int position = 0;  // 1.. : only the car at that position; 0: any car
  std::vector<PatternValue> values;

  bool matches(const Car& car) const;
  bool matches(const Train& train) const;
  // "{color: red, roof: peaked_roof}" or "{car: 1, shape: bucket}", as written.
  std::string describe() const;

  bool operator==(const TrainPattern&) const = default;
};

// A pattern from (key, value) pairs as written: descriptor keys of any vocabulary (descriptor
// names such as color or wheels included), and `car` for a position. Throws ConfigError naming
// the key or value when one is unknown, a descriptor is given twice, or no value is given.
TrainPattern parse_pattern(const std::vector<std::pair<std::string, std::string>>& entries);

// Whether some pattern of the list matches.
bool matches_any(const std::vector<TrainPattern>& patterns, const Train& train);

}  // namespace railyard
