#include <cstdlib>
#include <string_view>
#include <vector>

#include "logic/intervention/operation.h"
#include "logic/sampler.h"
#include "tests/fuzz/fuzz_targets.h"

namespace railyard {
namespace {

// Trains of 1 to kMaxCars cars from both distributions, the same for every input: a sequence
// meets a train it can change, a train too short for its positions, and one too long to insert.
const std::vector<Train>& trains() {
  static const std::vector<Train> fixed = [] {
    std::vector<Train> out;
    for (Distribution d : {Distribution::Michalski, Distribution::Random}) {
      for (int cars : {1, 4, kMaxCars}) {
        SamplerConfig config;
        config.distribution = d;
        config.min_cars = cars;
        config.max_cars = cars;
        out.push_back(TrainSampler(config).sample(11, static_cast<std::uint64_t>(cars)));
      }
    }
    return out;
  }();
  return fixed;
}

// What the caller may show a person: not empty, printable ASCII (no raw control character,
// NUL or invisible character), and of bounded length whatever the input.
void check_message(std::string_view message) {
  if (message.empty() || message.size() > 4096) std::abort();
  for (char c : message) {
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) std::abort();
  }
}

// A train every operation must leave whole: cars numbered 1..n, values in range, visual
// constraints kept, between 1 and kMaxCars cars.
void check_train(const Train& train) {
  if (train.cars.empty() || train.cars.size() > static_cast<std::size_t>(kMaxCars)) std::abort();
  for (std::size_t i = 0; i < train.cars.size(); ++i) {
    const Car& car = train.cars[i];
    if (car.position != static_cast<int>(i) + 1 || !satisfies_visual_constraints(car)) std::abort();
    for (Descriptor d : kDescriptors) {
      auto values = descriptor_values(d);
      int value = descriptor_value(car, d);
      if (value < values.front() || value > values.back()) std::abort();
    }
  }
}

}  // namespace

int fuzz_operations(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<Operation> ops;
  try {
    ops = parse_operations(text);
  } catch (const InterventionError& e) {
    check_message(e.what());
    return 0;
  }
  // The canonical text reads back as the same operations, and is its own canonical form.
  std::string canonical = format_operations(ops);
  std::vector<Operation> again = parse_operations(canonical);
  if (again != ops || format_operations(again) != canonical) std::abort();
  for (const Operation& op : ops)
    if (parse_operation(format_operation(op)) != op) std::abort();

  for (const Train& train : trains()) {
    Expected<Train> applied = apply_sequence(ops, train);
    // The fast form agrees with apply_sequence, and neither changes what it was given.
    Train in_place = train;
    bool allowed = true;
    for (const Operation& op : ops)
      if (!(allowed = try_apply(op, in_place))) break;
    if (allowed != applied.has_value()) std::abort();
    if (applied) {
      check_train(*applied);
      if (in_place != *applied) std::abort();
    } else {
      check_message(applied.reason());
    }
  }
  return 0;
}

}  // namespace railyard
