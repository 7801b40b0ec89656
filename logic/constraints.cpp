#include "logic/constraints.h"

#include <charconv>
#include <sstream>

#include "logic/errors.h"

namespace railyard {
namespace {

int value_or_throw(Descriptor d, const std::string& name) {
  auto value = parse_value(d, name);
  if (!value) {
    std::ostringstream message;
    message << "unknown value '" << name << "' for " << descriptor_key(d) << " (expected one of:";
    for (int v : descriptor_values(d)) message << ' ' << value_name(Vocabulary::Michalski, d, v);
    message << ')';
    throw ConfigError(message.str());
  }
  return *value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

void Constraints::allow(Descriptor d, const std::vector<std::string>& names) {
  if (names.empty())
    throw ConfigError("constraint on " + std::string(descriptor_key(d)) + " allows no value");
  DescriptorConstraint constraint;
  for (const auto& name : names) constraint.weights[value_or_throw(d, name)] = 1.0;
  by_descriptor[d] = std::move(constraint);
}

void Constraints::weigh(Descriptor d, const std::vector<std::pair<std::string, double>>& weights) {
  DescriptorConstraint constraint;
  constraint.custom_weights = true;
  for (const auto& [name, weight] : weights) {
    if (!(weight >= 0.0) || weight > 1e12)
      throw ConfigError("weight of " + name + " for " + std::string(descriptor_key(d)) +
                        " must be a non-negative number");
    constraint.weights[value_or_throw(d, name)] = weight;
  }
  by_descriptor[d] = std::move(constraint);
}

std::string Constraints::describe(Descriptor d) const {
  auto it = by_descriptor.find(d);
  if (it == by_descriptor.end()) return std::string(descriptor_key(d)) + " unconstrained";
  std::ostringstream out;
  out << descriptor_key(d) << (it->second.custom_weights ? " weighted {" : " in {");
  bool first = true;
  for (const auto& [value, weight] : it->second.weights) {
    out << (first ? "" : ", ") << value_name(Vocabulary::Michalski, d, value);
    if (it->second.custom_weights) out << ": " << weight;
    first = false;
  }
  out << '}';
  return out.str();
}

void add_constraint_spec(Constraints& constraints, std::string_view spec) {
  auto bad = [&](const std::string& why) {
    return ConfigError("constraint '" + std::string(spec) + "': " + why +
                       " (expected e.g. roof=none,flat or color=red:3,blue:1)");
  };
  std::size_t eq = spec.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == spec.size()) throw bad("no '='");
  auto descriptor = parse_descriptor_key(spec.substr(0, eq));
  if (!descriptor) throw bad("unknown descriptor '" + std::string(spec.substr(0, eq)) + "'");
  std::vector<std::string> names;
  std::vector<std::pair<std::string, double>> weights;
  for (std::string_view item : split(spec.substr(eq + 1), ',')) {
    std::size_t colon = item.find(':');
    if (colon == std::string_view::npos) {
      names.emplace_back(item);
      continue;
    }
    double weight = 0.0;
    std::string_view number = item.substr(colon + 1);
    auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), weight);
    if (ec != std::errc() || end != number.data() + number.size())
      throw bad("weight '" + std::string(number) + "' is not a number");
    weights.emplace_back(std::string(item.substr(0, colon)), weight);
  }
  if (!names.empty() && !weights.empty()) throw bad("mixes plain values and weights");
  try {
    if (weights.empty())
      constraints.allow(*descriptor, names);
    else
      constraints.weigh(*descriptor, weights);
  } catch (const ConfigError& e) {
    throw bad(e.what());
  }
}

}  // namespace railyard
