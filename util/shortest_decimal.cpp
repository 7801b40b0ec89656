#include "util/shortest_decimal.h"

#include <charconv>

namespace railyard {
namespace {

// Long enough for any float or double in its shortest form ("-2.2250738585072014e-308": 24).
constexpr std::size_t kMaxDigits = 32;

template <class T>
void append(std::string& out, T value) {
  char text[kMaxDigits];
  auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  out.append(text, end);
}

}  // namespace

void append_shortest_decimal(std::string& out, float value) {
  append(out, value);
}

void append_shortest_decimal(std::string& out, double value) {
  append(out, value);
}

double shortest_double(float value) {
  char text[kMaxDigits];
  auto written = std::to_chars(text, text + sizeof text, value);
  double out = value;  // nan and inf read back as themselves
  std::from_chars(text, written.ptr, out);
  return out;
}

}  // namespace railyard
