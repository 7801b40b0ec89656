// Attribute constraints from the configuration: per descriptor, a set of allowed values or custom
// weights. They narrow a distribution; they never break the visual constraints (train.h).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "logic/vocabulary.h"

namespace railyard {

struct DescriptorConstraint {
  // Value (as in descriptor_values) -> weight. Values not listed are not allowed. An "allowed
  // set" is the same thing with equal weights, which keeps the distribution's own odds.
  std::map<int, double> weights;
  bool custom_weights = false;  // false: allowed set only, the distribution's odds apply
};

struct Constraints {
  std::map<Descriptor, DescriptorConstraint> by_descriptor;

  bool empty() const { return by_descriptor.empty(); }
  // Restricts a descriptor to these values (names from any vocabulary). Throws ConfigError.
  void allow(Descriptor d, const std::vector<std::string>& names);
  // Gives a descriptor custom weights by value name; weight 0 forbids a value. Throws ConfigError.
  void weigh(Descriptor d, const std::vector<std::pair<std::string, double>>& weights);
  // "roof in {none, flat}" or "shape weighted {rectangle: 3, hexagon: 1}", for messages.
  std::string describe(Descriptor d) const;
};

// Parses one command-line constraint: `roof=none,flat` (allowed set) or `color=red:3,blue:1`
// (weights). Throws ConfigError naming the spec.
void add_constraint_spec(Constraints& constraints, std::string_view spec);

}  // namespace railyard
