// Test-time interventions on a symbolic train: one Operation changes loads, a car's attributes or
// the order of cars. Operations are values; applying one either gives the new train or a Refusal
// that names the operation and why (refusals are ordinary results: a search tries thousands).
//
// Textual form (the command line, configs and records), one operation, or several joined by ';':
//   swap_loads(1,3)            exchange the loads (shape and count) of cars 1 and 3
//   move_loads(1,3)            move all loads of car 1 onto car 3; move_loads(1,3,2) moves two
//   set(2, roof=none)          set attributes of car 2; several: set(1, shape=hexagon, length=long)
//   swap_cars(1,2)             exchange two cars
//   move(4,1)                  take car 4 out and put it back at position 1
//   insert(2, hexagon,short,not_double,none,2,circle,1)
//                              a new car at position 2: shape, length, wall, roof, axles,
//                              load shape, load count (description-line order, no position;
//                              length first, as in insert(2, short,red,...), reads too)
//   delete(3)                  remove car 3
// Positions are 1-based, front to back, before the operation; cars behind an insert, delete or
// move are renumbered. Keys are descriptor keys or their aliases (color/colour = shape, wheels =
// axles, load/payload = load_shape, loads/load_num = load_count); values are names from any of the
// three vocabularies (vocabulary.h). `load_shape=none` in a set means load_count=0. Whitespace
// is free. format_operation writes the canonical form: Michalski names, keys in descriptor order,
// a space after the first comma of set and insert, none elsewhere, "; " between operations.
//
// Refused (never a broken train): a car position that does not exist; an operation on one car
// with itself (swap_loads(2,2), move(2,2)); moving loads from a car without loads or more loads
// than it has; moving loads onto a car that carries another load shape (a car's loads share one
// shape); giving an empty car a load shape without a count, or loads without a shape; any car
// left outside the visual constraints (a short car has 2 axles and at most 2 loads, a long car 2
// or 3 axles and at most 3 loads); inserting into a train of kMaxCars cars; deleting the last car.
// An operation that changes nothing (set(1, roof=none) on a car without roof) is not refused.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "logic/intervention/expected.h"
#include "logic/train.h"
#include "logic/vocabulary.h"
#include "util/input_error.h"

namespace railyard {

// Text that is not an operation, or options a search cannot honour. Parse messages name the
// operation and the column, in characters of the whole text, and say what was expected there
// ("operation 2 'set(2, roof=nne)', column 30: 'nne' is not a value of roof (none, arc, ...)",
// "operation 1 'swap_loads(1,3) set(2, roof=none)', column 17: expected ';' before the next
// operation 'set' ..."). They are printable ASCII: the user's text is repeated with control
// characters, bytes that are not UTF-8 and everything beyond ASCII escaped (\0, \r, \u200b, \xff),
// and cut after 120 characters.
class InterventionError : public InputError {
 public:
  using InputError::InputError;
};

enum class OperationKind : std::uint8_t {
  SwapLoads,
  MoveLoads,
  Set,
  SwapCars,
  Move,
  Insert,
  Delete
};

struct Operation {
  static constexpr std::int8_t kUnset = -1;

  OperationKind kind = OperationKind::SwapLoads;
  int first = 1;   // the car acted on; swaps and moves: the first car; insert: the new position
  int second = 1;  // swap_loads, swap_cars: the other car; move_loads, move: the target
  int count = 0;   // move_loads: how many loads, 0 = all of them
  // set: the new value per descriptor (kDescriptors order, values as in descriptor_values), or
  // kUnset to leave it.
  std::array<std::int8_t, kDescriptors.size()> values{kUnset, kUnset, kUnset, kUnset,
                                                      kUnset, kUnset, kUnset};
  Car car{};  // insert: the new car, position == first, load shape Rectangle when it has no load

  // Inline: search loops build thousands of operations per train.
  static Operation swap_loads(int a, int b) { return make(OperationKind::SwapLoads, a, b); }
  static Operation move_loads(int from, int to, int count = 0) {
    Operation op = make(OperationKind::MoveLoads, from, to);
    op.count = count;
    return op;
  }
  static Operation set(int position) {  // assigns nothing yet: add assignments with with()
    return make(OperationKind::Set, position, position);
  }
  static Operation set(int position, Descriptor d, int value) {
    return set(position).with(d, value);
  }
  static Operation swap_cars(int a, int b) { return make(OperationKind::SwapCars, a, b); }
  static Operation move(int from, int to) { return make(OperationKind::Move, from, to); }
  static Operation insert(int position, Car car);
  static Operation remove(int position) {  // delete(position)
    return make(OperationKind::Delete, position, position);
  }

  // One more assignment of a set: Operation::set(1, Descriptor::Roof, 0).with(...).
  Operation& with(Descriptor d, int value) {
    values[static_cast<std::size_t>(d)] = static_cast<std::int8_t>(value);
    return *this;
  }
  std::optional<int> assigned(Descriptor d) const {
    int value = values[static_cast<std::size_t>(d)];
    if (value == kUnset) return std::nullopt;
    return value;
  }

  bool operator==(const Operation&) const = default;

 private:
  static Operation make(OperationKind kind, int first, int second) {
    Operation op;
    op.kind = kind;
    op.first = first;
    op.second = second;
    return op;
  }
};

// The train after the operation(s), or the refusal; `train` itself is never changed. A refused
// operation in a sequence is named with its place: "operation 2 of 3, delete(5): ...". (Not
// apply(vector, ...): std::apply would take such a call.)
Expected<Train> apply(const Operation& op, const Train& train);
Expected<Train> apply_sequence(std::span<const Operation> ops, const Train& train);

// The fast form for search loops: applies `op` to `train` in place and returns whether it was
// allowed. When it returns false, `train` is left in an unspecified state: work on a copy.
bool try_apply(const Operation& op, Train& train);

// A key of a set: parse_descriptor_key's keys and aliases, and `loads` for load_count.
std::optional<Descriptor> parse_operation_key(std::string_view key);

// Text, as described at the top of this file. parse_* throw InterventionError.
std::string format_operation(const Operation& op);
std::string format_operations(std::span<const Operation> ops);
Operation parse_operation(std::string_view text);
std::vector<Operation> parse_operations(std::string_view text);

}  // namespace railyard
