#include "logic/intervention/changes.h"

#include <algorithm>
#include <numeric>

#include "logic/intervention/rearrange.h"

namespace railyard {
namespace {

// Descriptor values as a picture shows them: no load shape on a car without loads.
int shown_value(const Car& car, Descriptor d) {
  if (d == Descriptor::LoadShape && car.load_count == 0) return -1;
  return descriptor_value(car, d);
}

std::uint8_t altered(const Car& before, const Car& after) {
  unsigned bits = 0;
  for (Descriptor d : kDescriptors)
    if (shown_value(before, d) != shown_value(after, d)) bits |= 1u << static_cast<unsigned>(d);
  return static_cast<std::uint8_t>(bits);
}

}  // namespace

Intervention record_intervention(const Train& base, std::vector<Operation> operations,
                                 Direction base_label, Direction label) {
  Intervention out;
  out.train = base;
  out.base_label = base_label;
  out.label = label;
  // origins[i]: the base position of the car now at i + 1, 0 for an inserted one.
  std::vector<int> origins(base.cars.size());
  std::iota(origins.begin(), origins.end(), 1);
  for (const Operation& op : operations) {
    if (!try_apply(op, out.train))
      throw std::logic_error("record_intervention: " + format_operation(op) + " does not apply");
    rearrange(op, origins, 0);
  }
  out.operations = std::move(operations);
  out.cars.reserve(out.train.cars.size());
  for (std::size_t i = 0; i < out.train.cars.size(); ++i) {
    CarChange change{static_cast<int>(i) + 1, origins[i], 0};
    if (!change.added())
      change.altered =
          altered(base.cars[static_cast<std::size_t>(change.from - 1)], out.train.cars[i]);
    out.cars.push_back(change);
  }
  for (int position = 1; position <= static_cast<int>(base.cars.size()); ++position)
    if (std::find(origins.begin(), origins.end(), position) == origins.end())
      out.removed.push_back(position);
  return out;
}

std::string format_changes(const Intervention& intervention) {
  std::string out;
  auto next = [&] { out += out.empty() ? "" : "; "; };
  for (const CarChange& car : intervention.cars) {
    if (car.unchanged()) continue;
    next();
    out += "car " + std::to_string(car.position);
    if (car.added()) {
      out += " added";
      continue;
    }
    if (car.moved()) out += " (was car " + std::to_string(car.from) + ")";
    std::string sep = ": ";
    for (Descriptor d : kDescriptors) {
      if (!car.changed(d)) continue;
      out += sep;
      out += descriptor_key(d);
      sep = ", ";
    }
  }
  for (int position : intervention.removed) {
    next();
    out += "car " + std::to_string(position) + " removed";
  }
  return out.empty() ? "no change" : out;
}

}  // namespace railyard
