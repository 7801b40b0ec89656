// The single edits of a train, in the documented candidate order: by edit kind (edit_kinds.h),
// then by car position (pairs by first car, then second), then by value in descriptor_values
// order (set_load_count on an empty car: by count, then load shape; insert: by position, then
// the new car in valid_cars() order). Only edits that apply and change the train are offered.
//
// Everything here runs in search loops: no allocation, results in a caller's scratch train.
#pragma once

#include <span>
#include <string_view>

#include "logic/intervention/edit_kinds.h"
#include "logic/intervention/operation.h"

namespace railyard {

// Every car that satisfies the visual constraints, in descriptor order (shape, length, wall,
// roof, axles, then no load before loads by shape and count). Position 1, load shape Rectangle
// when empty.
std::span<const Car> valid_cars();

// A train the edits can start from: 1 or more cars numbered 1..N, each with values in its
// descriptor ranges and within the visual constraints.
bool is_valid_train(const Train& train);
inline constexpr std::string_view kNotAValidTrain =
    "the train is not a valid train (cars numbered 1..N, each within the visual constraints)";

namespace detail {

// Whether an edit of this kind that applies can leave the train as it was (swapping equal loads
// or equal cars). Every other kind changes what it applies to: set kinds are only offered other
// values, and loads or cars move, appear or disappear.
constexpr bool may_change_nothing(EditKind kind) {
  return kind == EditKind::SwapLoads || kind == EditKind::SwapCars || kind == EditKind::Move;
}

// The generators below pass every edit of one kind, in candidate order, to emit(op, kind), and
// stop when it returns false (their own result then is false).

template <class Emit>
bool for_each_set(const Train& train, EditKind kind, Descriptor d, Emit& emit) {
  for (const Car& car : train.cars) {
    if (d == Descriptor::LoadShape && car.load_count == 0) continue;
    int current = descriptor_value(car, d);
    for (int value : descriptor_values(d))
      if (value != current && !emit(Operation::set(car.position, d, value), kind)) return false;
  }
  return true;
}

// set_load_count: a new count; on an empty car, every count with every load shape.
template <class Emit>
bool for_each_load_count(const Train& train, Emit& emit) {
  constexpr EditKind kind = EditKind::SetLoadCount;
  for (const Car& car : train.cars) {
    for (int count : descriptor_values(Descriptor::LoadCount)) {
      if (count == car.load_count) continue;
      Operation op = Operation::set(car.position, Descriptor::LoadCount, count);
      if (car.load_count > 0) {
        if (!emit(op, kind)) return false;
        continue;
      }
      for (int shape : descriptor_values(Descriptor::LoadShape))
        if (!emit(Operation(op).with(Descriptor::LoadShape, shape), kind)) return false;
    }
  }
  return true;
}

// Two-car edits: unordered pairs (a < b) when the edit is symmetric, ordered pairs otherwise.
template <class Make, class Emit>
bool for_each_pair(const Train& train, EditKind kind, bool symmetric, Make make, Emit& emit) {
  int n = static_cast<int>(train.cars.size());
  for (int a = 1; a <= n; ++a)
    for (int b = symmetric ? a + 1 : 1; b <= n; ++b)
      if (a != b && !emit(make(a, b), kind)) return false;
  return true;
}

template <class Emit>
bool for_each_move_loads(const Train& train, Emit& emit) {
  int n = static_cast<int>(train.cars.size());
  for (int from = 1; from <= n; ++from) {
    int loads = train.cars[static_cast<std::size_t>(from - 1)].load_count;
    for (int to = 1; to <= n; ++to) {
      if (to == from) continue;
      for (int count = 1; count <= loads; ++count)  // all of them is written without a count
        if (!emit(Operation::move_loads(from, to, count == loads ? 0 : count), EditKind::MoveLoads))
          return false;
    }
  }
  return true;
}

template <class Emit>
bool for_each_of_kind(const Train& train, EditKind kind, Emit& emit) {
  int n = static_cast<int>(train.cars.size());
  switch (kind) {
    case EditKind::SetRoof: return for_each_set(train, kind, Descriptor::Roof, emit);
    case EditKind::SetLoadShape: return for_each_set(train, kind, Descriptor::LoadShape, emit);
    case EditKind::SetLoadCount: return for_each_load_count(train, emit);
    case EditKind::SetShape: return for_each_set(train, kind, Descriptor::Shape, emit);
    case EditKind::SetWall: return for_each_set(train, kind, Descriptor::Wall, emit);
    case EditKind::SetAxles: return for_each_set(train, kind, Descriptor::Axles, emit);
    case EditKind::SetLength: return for_each_set(train, kind, Descriptor::Length, emit);
    case EditKind::SwapLoads: return for_each_pair(train, kind, true, Operation::swap_loads, emit);
    case EditKind::MoveLoads: return for_each_move_loads(train, emit);
    case EditKind::SwapCars: return for_each_pair(train, kind, true, Operation::swap_cars, emit);
    case EditKind::Move: return for_each_pair(train, kind, false, Operation::move, emit);
    case EditKind::Delete:
      for (int p = 1; p <= n; ++p)
        if (!emit(Operation::remove(p), kind)) return false;
      return true;
    case EditKind::Insert:
      for (int p = 1; p <= n + 1; ++p)
        for (const Car& car : valid_cars())
          if (!emit(Operation::insert(p, car), kind)) return false;
      return true;
  }
  return true;
}

struct SkipNothing {
  bool operator()(const Operation&, EditKind) const { return false; }
};

}  // namespace detail

// Calls visit(const Operation&, EditKind, const Train& result) for every edit of `kinds` that
// applies to `train` and changes it, in candidate order, until visit returns false. `result` is
// scratch storage for the edited train (valid during the call only; not `train` itself). Edits
// for which skip(op, kind) is true are passed over before they are applied. Returns false when
// visit stopped the enumeration.
template <class Visit, class Skip = detail::SkipNothing>
bool for_each_candidate(const Train& train, EditKinds kinds, Train& result, Visit&& visit,
                        Skip&& skip = {}) {
  auto emit = [&](const Operation& op, EditKind kind) {
    if (skip(op, kind)) return true;
    result = train;
    if (!try_apply(op, result)) return true;
    if (detail::may_change_nothing(kind) && result.cars == train.cars) return true;
    return visit(op, kind, static_cast<const Train&>(result));
  };
  for (EditKind kind : kEditKinds)
    if (kinds.contains(kind) && !detail::for_each_of_kind(train, kind, emit)) return false;
  return true;
}

}  // namespace railyard
