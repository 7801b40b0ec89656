#include "tools/lib/export/json_text.h"

#include <charconv>
#include <cmath>

#include "tools/lib/export/export_options.h"
#include "util/shortest_decimal.h"

namespace railyard::exports {

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20) {
      out.append("\\u00").append(1, kHex[byte >> 4]).append(1, kHex[byte & 15]);
    } else {
      out += c;
    }
  }
  out += '"';
}

void append_json_number(std::string& out, std::int64_t value) {
  char text[24];
  auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  out.append(text, end);
}

void append_json_number(std::string& out, float value) {
  if (!std::isfinite(value)) throw ExportError("a world coordinate is not a finite number");
  append_shortest_decimal(out, value);
}

void append_json_array(std::string& out, const std::array<int, 4>& values) {
  out += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    append_json_number(out, std::int64_t{values[i]});
  }
  out += ']';
}

void append_json_array(std::string& out, const std::array<float, 3>& values) {
  out += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    append_json_number(out, values[i]);
  }
  out += ']';
}

}  // namespace railyard::exports
