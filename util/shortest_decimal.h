// The shortest decimal that reads back as the same number (std::to_chars' shortest round trip):
// 0.1f is "0.1", not the "0.10000000149011612" of the double it widens to. For text meant to be
// read by people and by other programs (JSON files) that must give back the exact value.
#pragma once

#include <string>
#include <string_view>

namespace railyard {

// Appends the decimal to `out`; "nan", "inf" and "-inf" for those (not JSON: callers that write
// JSON refuse them first).
void append_shortest_decimal(std::string& out, float value);
void append_shortest_decimal(std::string& out, double value);
template <class T>
std::string shortest_decimal(T value) {
  std::string out;
  append_shortest_decimal(out, value);
  return out;
}

// The double that the float's shortest decimal names: a JSON writer that prints doubles at their
// own shortest then prints 0.1f as 0.1.
double shortest_double(float value);

}  // namespace railyard
