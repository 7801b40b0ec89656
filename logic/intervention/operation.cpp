#include "logic/intervention/operation.h"

#include <algorithm>

#include "logic/intervention/rearrange.h"
#include "logic/sampler.h"

namespace railyard {
namespace {

// Why an operation does not apply. One check (apply_in_place) decides; explain() words it, only
// when someone asks, so that search loops never build strings.
enum class Fault : std::uint8_t {
  None,
  NoSuchCar,
  SameCar,
  NoLoads,
  TooFewLoads,
  OtherLoadShape,
  LoadShapeWithoutLoads,
  LoadsWithoutShape,
  BadValue,
  NothingToSet,
  TooManyCars,
  LastCar,
  VisualConstraints,
};

int car_count(const Train& train) {
  return static_cast<int>(train.cars.size());
}
bool has_car(const Train& train, int position) {
  return position >= 1 && position <= car_count(train);
}
Car& car_at(Train& train, int position) {
  return train.cars[static_cast<std::size_t>(position - 1)];
}
const Car& car_at(const Train& train, int position) {
  return train.cars[static_cast<std::size_t>(position - 1)];
}

void renumber(Train& train) {
  for (std::size_t i = 0; i < train.cars.size(); ++i)
    train.cars[i].position = static_cast<int>(i) + 1;
}

bool valid_value(Descriptor d, int value) {
  auto values = descriptor_values(d);  // ascending and without gaps
  return value >= values.front() && value <= values.back();
}

bool valid_car(const Car& car) {
  for (Descriptor d : kDescriptors)
    if (!valid_value(d, descriptor_value(car, d))) return false;
  return true;
}

// A car without loads has no load shape; keeping it at one value makes equal pictures equal trains.
void normalise_load(Car& car) {
  if (car.load_count == 0) car.load_shape = LoadShape::Rectangle;
}

// Both cars of a two-car operation exist and differ.
Fault check_pair(const Train& train, const Operation& op) {
  if (!has_car(train, op.first) || !has_car(train, op.second)) return Fault::NoSuchCar;
  return op.first == op.second ? Fault::SameCar : Fault::None;
}

Fault visual(const Car& car) {
  return satisfies_visual_constraints(car) ? Fault::None : Fault::VisualConstraints;
}

Fault swap_loads(const Operation& op, Train& train) {
  if (Fault f = check_pair(train, op); f != Fault::None) return f;
  Car& a = car_at(train, op.first);
  Car& b = car_at(train, op.second);
  std::swap(a.load_shape, b.load_shape);
  std::swap(a.load_count, b.load_count);
  return visual(a) != Fault::None ? Fault::VisualConstraints : visual(b);
}

Fault move_loads(const Operation& op, Train& train) {
  if (Fault f = check_pair(train, op); f != Fault::None) return f;
  Car& from = car_at(train, op.first);
  Car& to = car_at(train, op.second);
  if (op.count < 0) return Fault::BadValue;
  if (from.load_count == 0) return Fault::NoLoads;
  int moved = op.count == 0 ? from.load_count : op.count;
  if (moved > from.load_count) return Fault::TooFewLoads;
  if (to.load_count > 0 && to.load_shape != from.load_shape) return Fault::OtherLoadShape;
  to.load_shape = from.load_shape;
  to.load_count += moved;
  from.load_count -= moved;
  normalise_load(from);
  return visual(to);
}

Fault set(const Operation& op, Train& train) {
  if (!has_car(train, op.first)) return Fault::NoSuchCar;
  bool any = false;
  for (Descriptor d : kDescriptors) {
    if (auto value = op.assigned(d)) {
      if (!valid_value(d, *value)) return Fault::BadValue;
      any = true;
    }
  }
  if (!any) return Fault::NothingToSet;
  Car& car = car_at(train, op.first);
  bool had_loads = car.load_count > 0;
  for (Descriptor d : kDescriptors)
    if (auto value = op.assigned(d)) set_descriptor_value(car, d, *value);
  bool gives_shape = op.assigned(Descriptor::LoadShape).has_value();
  if (car.load_count == 0 && gives_shape) return Fault::LoadShapeWithoutLoads;
  if (car.load_count > 0 && !had_loads && !gives_shape) return Fault::LoadsWithoutShape;
  normalise_load(car);
  return visual(car);
}

Fault insert(const Operation& op, Train& train) {
  if (op.first < 1 || op.first > car_count(train) + 1) return Fault::NoSuchCar;
  if (car_count(train) >= kMaxCars) return Fault::TooManyCars;
  if (!valid_car(op.car)) return Fault::BadValue;
  Car car = op.car;
  normalise_load(car);
  if (visual(car) != Fault::None) return Fault::VisualConstraints;
  rearrange(op, train.cars, car);
  renumber(train);
  return Fault::None;
}

Fault apply_in_place(const Operation& op, Train& train) {
  switch (op.kind) {
    case OperationKind::SwapLoads: return swap_loads(op, train);
    case OperationKind::MoveLoads: return move_loads(op, train);
    case OperationKind::Set: return set(op, train);
    case OperationKind::Insert: return insert(op, train);
    case OperationKind::SwapCars:
    case OperationKind::Move:
      if (Fault f = check_pair(train, op); f != Fault::None) return f;
      break;
    case OperationKind::Delete:
      if (!has_car(train, op.first)) return Fault::NoSuchCar;
      if (car_count(train) == 1) return Fault::LastCar;
      break;
  }
  rearrange(op, train.cars, Car{});
  renumber(train);
  return Fault::None;
}

// "short with 3 axles (a short car has 2)": what breaks the visual constraints.
std::string constraint_problem(const Car& car) {
  std::string loads = std::to_string(car.load_count) + " loads";
  std::string axles = std::to_string(car.axles) + " axles";
  if (car.length == Length::Short)
    return car.axles != 2 ? "short with " + axles + " (a short car has 2 axles)"
                          : "short with " + loads + " (a short car carries at most 2)";
  return car.axles != 2 && car.axles != 3
             ? "long with " + axles + " (a long car has 2 or 3 axles)"
             : "long with " + loads + " (a long car carries at most 3)";
}

std::string car_name(int position) {
  return "car " + std::to_string(position);
}

std::string no_such_car(const Operation& op, const Train& train) {
  int n = car_count(train);
  std::string cars = std::to_string(n) + (n == 1 ? " car" : " cars");
  if (op.kind == OperationKind::Insert)
    return "a train of " + cars + " takes a new car at positions 1 to " + std::to_string(n + 1);
  int missing = has_car(train, op.first) ? op.second : op.first;
  return "the train has no " + car_name(missing) + " (it has " + cars + ")";
}

std::string bad_value(const Operation& op) {
  if (op.kind == OperationKind::MoveLoads)
    return "the load count " + std::to_string(op.count) + " is negative";
  for (Descriptor d : kDescriptors) {
    int value = op.kind == OperationKind::Set ? op.values[static_cast<std::size_t>(d)]
                                              : descriptor_value(op.car, d);
    if (value != Operation::kUnset && !valid_value(d, value))
      return std::to_string(value) + " is not a value of " + std::string(descriptor_key(d));
  }
  return "an invalid value";
}

std::string broken_constraints(const Operation& op, const Train& before) {
  if (op.kind == OperationKind::Insert) return "the new car would be " + constraint_problem(op.car);
  Train after = before;
  apply_in_place(op, after);
  for (const Car& car : after.cars)
    if (!satisfies_visual_constraints(car))
      return car_name(car.position) + " would be " + constraint_problem(car);
  return "a car would break the visual constraints";
}

std::string load_shape_name(const Car& car) {
  return std::string(name(Vocabulary::Michalski, car.load_shape));
}

std::string explain(Fault fault, const Operation& op, const Train& before) {
  switch (fault) {
    case Fault::None: break;
    case Fault::NoSuchCar: return no_such_car(op, before);
    case Fault::SameCar: return "names " + car_name(op.first) + " twice";
    case Fault::NoLoads: return car_name(op.first) + " carries no loads";
    case Fault::TooFewLoads:
      return car_name(op.first) + " carries only " +
             std::to_string(car_at(before, op.first).load_count) + " loads";
    case Fault::OtherLoadShape:
      return car_name(op.second) + " carries " + load_shape_name(car_at(before, op.second)) +
             " loads and " + car_name(op.first) + " " + load_shape_name(car_at(before, op.first)) +
             " ones (a car's loads share one shape)";
    case Fault::LoadShapeWithoutLoads:
      return car_name(op.first) + " would carry no loads, so it takes no load shape";
    case Fault::LoadsWithoutShape:
      return car_name(op.first) + " carries no loads: giving it loads needs a load_shape too";
    case Fault::BadValue: return bad_value(op);
    case Fault::NothingToSet: return "sets no attribute";
    case Fault::TooManyCars:
      return "the train already has " + std::to_string(kMaxCars) + " cars, the most it may have";
    case Fault::LastCar: return "a train keeps at least one car";
    case Fault::VisualConstraints: return broken_constraints(op, before);
  }
  return "refused";
}

}  // namespace

Operation Operation::insert(int position, Car car) {
  Operation op = make(OperationKind::Insert, position, position);
  op.car = car;
  op.car.position = position;
  normalise_load(op.car);
  return op;
}

bool try_apply(const Operation& op, Train& train) {
  return apply_in_place(op, train) == Fault::None;
}

Expected<Train> apply(const Operation& op, const Train& train) {
  Train after = train;
  Fault fault = apply_in_place(op, after);
  if (fault == Fault::None) return after;
  return Refusal{format_operation(op) + ": " + explain(fault, op, train)};
}

Expected<Train> apply_sequence(std::span<const Operation> ops, const Train& train) {
  Train current = train;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    Expected<Train> next = apply(ops[i], current);
    if (!next) {
      if (ops.size() == 1) return next;
      return Refusal{"operation " + std::to_string(i + 1) + " of " + std::to_string(ops.size()) +
                     ", " + next.reason()};
    }
    current = std::move(next.value());
  }
  return current;
}

}  // namespace railyard
