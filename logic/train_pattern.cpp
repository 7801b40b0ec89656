#include "logic/train_pattern.h"

#include <charconv>
#include <optional>

#include "logic/errors.h"

namespace railyard {
namespace {

constexpr int kMaxPosition = 1000;  // far beyond any train; keeps the number readable

int parse_position(const std::string& text) {
  int position = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), position);
  if (ec != std::errc() || end != text.data() + text.size() || position < 1 ||
      position > kMaxPosition)
    throw ConfigError("car position must be a whole number from 1 (next to the locomotive), got '" +
                      text + "'");
  return position;
}

std::string known_keys() {
  std::string list = "car";
  for (Descriptor d : kDescriptors) list += ", " + std::string(descriptor_key(d));
  return list + " (or V-LoL's color, wheels, payload, load_num)";
}

}  // namespace

bool TrainPattern::matches(const Car& car) const {
  for (const PatternValue& v : values) {
    if (v.descriptor == Descriptor::LoadShape && car.load_count == 0) return false;
    if (descriptor_value(car, v.descriptor) != v.value) return false;
  }
  return true;
}

bool TrainPattern::matches(const Train& train) const {
  if (position > 0)
    return static_cast<std::size_t>(position) <= train.cars.size() &&
           matches(train.cars[static_cast<std::size_t>(position - 1)]);
  for (const Car& car : train.cars)
    if (matches(car)) return true;
  return false;
}

std::string TrainPattern::describe() const {
  std::string text = "{";
  if (position > 0) text += "car: " + std::to_string(position);
  for (const PatternValue& v : values)
    text += (text.size() > 1 ? ", " : "") + v.key + ": " + v.spelling;
  return text + "}";
}

TrainPattern parse_pattern(const std::vector<std::pair<std::string, std::string>>& entries) {
  TrainPattern pattern;
  for (const auto& [key, text] : entries) {
    if (key == "car" || key == "position") {
      pattern.position = parse_position(text);
      continue;
    }
    std::optional<Descriptor> d = parse_descriptor_key(key);
    if (!d) throw ConfigError("unknown descriptor '" + key + "' (expected " + known_keys() + ")");
    for (const PatternValue& seen : pattern.values)
      if (seen.descriptor == *d)
        throw ConfigError("descriptor " + std::string(descriptor_key(*d)) + " is given twice ('" +
                          seen.key + "' and '" + key + "')");
    std::optional<int> value = parse_value(*d, text);
    if (!value) {
      std::string names;
      for (int v : descriptor_values(*d))
        names += (names.empty() ? "" : ", ") + value_name(Vocabulary::Michalski, *d, v) + "/" +
                 value_name(Vocabulary::Trains, *d, v);
      throw ConfigError("unknown value '" + text + "' for " + key + " (expected one of: " + names +
                        ")");
    }
    pattern.values.push_back({*d, *value, key, text});
  }
  if (pattern.values.empty())
    throw ConfigError("a combination needs at least one descriptor value, e.g. {color: red}");
  return pattern;
}

bool matches_any(const std::vector<TrainPattern>& patterns, const Train& train) {
  for (const TrainPattern& p : patterns)
    if (p.matches(train)) return true;
  return false;
}

}  // namespace railyard
