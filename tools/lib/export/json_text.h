// Writing JSON text directly into a string: the scene graphs of a large dataset are hundreds of
// megabytes, so they are written without building a document tree first.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace railyard::exports {

// "text" with quotes, backslashes and control characters escaped.
void append_json_string(std::string& out, std::string_view text);
void append_json_number(std::string& out, std::int64_t value);
// The shortest decimal that reads back as the same float. Throws ExportError for NaN and
// infinities, which JSON cannot hold.
void append_json_number(std::string& out, float value);
void append_json_array(std::string& out, const std::array<int, 4>& values);
void append_json_array(std::string& out, const std::array<float, 3>& values);

}  // namespace railyard::exports
