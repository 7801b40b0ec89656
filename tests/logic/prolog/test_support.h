// Helpers for the Prolog engine tests.
#pragma once

#include <string>
#include <string_view>

#include "logic/prolog/engine.h"

namespace railyard::prolog::testing {

// Whether a value is just an unbound variable (_G123).
inline bool unbound(const std::string& value) {
  if (value.size() < 3 || value.compare(0, 2, "_G") != 0) return false;
  return value.find_first_not_of("0123456789", 2) == std::string::npos;
}

// "false" when the goal fails; otherwise "X=1, Y=f(a)" for the first solution, leaving out
// variables that stay unbound ("true" when nothing is left).
inline std::string ask(Engine& engine, std::string_view goal) {
  auto answer = engine.query_once(goal);
  if (!answer) return "false";
  std::string out;
  for (const auto& [name, value] : *answer) {
    if (unbound(value)) continue;
    if (!out.empty()) out += ", ";
    out += name + "=" + value;
  }
  return out.empty() ? "true" : out;
}

// The values of one variable over all solutions, comma separated.
inline std::string all(Engine& engine, std::string_view goal, const std::string& var) {
  std::string out;
  for (const auto& solution : engine.query_all(goal)) {
    for (const auto& [name, value] : solution) {
      if (name != var) continue;
      if (!out.empty()) out += ",";
      out += value;
    }
  }
  return out;
}

// The message of the error a goal raises, or "" when it raises none.
inline std::string error_of(Engine& engine, std::string_view goal) {
  try {
    engine.query_once(goal);
  } catch (const PrologError& e) {
    return e.what();
  }
  return "";
}

}  // namespace railyard::prolog::testing
