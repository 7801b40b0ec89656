// Text as the report page writes it: escaped for HTML, numbers exactly as score.json holds them
// (so a test can compare the page with the file), and the shorter forms a reader sees.
#pragma once

#include <string>
#include <string_view>

namespace railyard::score {

// &, <, >, " and ' as entities: safe in element text and in quoted attribute values.
std::string escape_html(std::string_view text);

// A number as score.json writes it (nlohmann's shortest round-trip form).
std::string number_text(double number);

// 0.9134 -> "91.3%".
std::string percent_text(double share);

// A number with `digits` decimals: 0.1123 -> "0.112".
std::string fixed_text(double value, int digits);

}  // namespace railyard::score
