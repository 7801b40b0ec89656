#include "tools/lib/score/report/html_text.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace railyard::score {

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string number_text(double number) {
  return nlohmann::json(number).dump();
}

std::string fixed_text(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

std::string percent_text(double share) {
  return fixed_text(100.0 * share, 1) + "%";
}

}  // namespace railyard::score
