// Results that may be refused: a search tries thousands of operations, so a refusal is an
// ordinary value with its reason, not an exception.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace railyard {

// Why an operation was not applied, for people: "delete(5): the train has no car 5 (it has 3
// cars)".
struct Refusal {
  std::string reason;
};

// A value or the refusal that took its place (std::expected is C++23).
template <class T>
class Expected {
 public:
  Expected(T value) : state_(std::move(value)) {}
  Expected(Refusal refusal) : state_(std::move(refusal)) {}

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }
  // Throws std::logic_error carrying the reason when there is no value.
  const T& value() const { return check(), std::get<0>(state_); }
  T& value() { return check(), std::get<0>(state_); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  // Empty when there is a value.
  const std::string& reason() const {
    static const std::string none;
    return has_value() ? none : std::get<1>(state_).reason;
  }

 private:
  void check() const {
    if (!has_value()) throw std::logic_error("refused: " + std::get<1>(state_).reason);
  }
  std::variant<T, Refusal> state_;
};

}  // namespace railyard
