#include "tools/lib/export/example_checks.h"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "logic/vocabulary.h"
#include "tools/lib/export/export_options.h"

namespace railyard::exports {
namespace {

bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// True when text ends in "_c<digits>" or "_c<digits>_l<digits>": such an id would read as a car
// or load constant of another train.
bool looks_like_part_constant(std::string_view text) {
  auto strip_numbered = [&](char letter) {
    std::size_t end = text.size();
    while (end > 0 && is_digit(text[end - 1])) --end;
    if (end == text.size() || end < 2 || text[end - 1] != letter || text[end - 2] != '_')
      return false;
    text = text.substr(0, end - 2);
    return true;
  };
  std::string_view whole = text;
  if (strip_numbered('c')) return true;
  text = whole;
  return strip_numbered('l') && strip_numbered('c');
}

void check_id(const std::string& id) {
  bool valid = !id.empty() && is_lower(id.front()) && std::all_of(id.begin(), id.end(), [](char c) {
    return is_lower(c) || is_digit(c) || c == '_' || (c >= 'A' && c <= 'Z');
  });
  if (!valid)
    throw ExportError("example id '" + id +
                      "' is not a constant: it must start with a lower-case letter and hold only "
                      "letters, digits and '_'");
  if (looks_like_part_constant(id))
    throw ExportError("example id '" + id +
                      "' ends like a car or load constant (_c<k> or _c<k>_l<j>); choose another");
}

void check_split(const std::string& split, const std::string& id) {
  bool valid = !split.empty() && std::all_of(split.begin(), split.end(), [](char c) {
    return is_lower(c) || is_digit(c) || c == '_' || c == '-';
  });
  if (!valid)
    throw ExportError("example " + id + ": split '" + split +
                      "' is not a folder name of lower-case letters, digits, '_' and '-'");
}

void check_train(const Train& train, const std::string& id) {
  if (train.cars.empty()) throw ExportError("example " + id + ": the train has no cars");
  for (std::size_t k = 0; k < train.cars.size(); ++k) {
    const Car& car = train.cars[k];
    std::string where = "example " + id + ", car " + std::to_string(k + 1);
    if (car.position != static_cast<int>(k + 1))
      throw ExportError(where + ": position " + std::to_string(car.position) +
                        " is not its place in the train");
    for (Descriptor d : kDescriptors) {
      auto values = descriptor_values(d);
      if (std::find(values.begin(), values.end(), descriptor_value(car, d)) == values.end())
        throw ExportError(where + ": " + std::string(descriptor_key(d)) + " value " +
                          std::to_string(descriptor_value(car, d)) + " is not one of its values");
    }
  }
  if (train.cars.size() > 99)  // keeps every car constant and position small
    throw ExportError("example " + id + ": " + std::to_string(train.cars.size()) +
                      " cars; at most 99 are exported");
}

}  // namespace

void check_examples(std::span<const Example> examples) {
  if (examples.empty()) throw ExportError("nothing to export: the example list is empty");
  std::unordered_set<std::string> seen;
  seen.reserve(examples.size());
  for (const Example& example : examples) {
    std::string id = example_id(example);
    check_id(id);
    if (!seen.insert(id).second) throw ExportError("example id " + id + " appears twice");
    check_split(example.split, id);
    check_train(example.train.train, id);
  }
}

}  // namespace railyard::exports
