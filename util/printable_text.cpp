#include "util/printable_text.h"

namespace railyard {
namespace {

std::string hex(unsigned value, int digits) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(static_cast<std::size_t>(digits), '0');
  for (int k = digits - 1; k >= 0; --k, value >>= 4)
    out[static_cast<std::size_t>(k)] = kDigits[value & 15];
  return out;
}

// Characters that print as nothing or reorder text: format characters (soft hyphen, zero width
// space and joiners, direction marks and overrides, word joiner, byte order mark), line and
// paragraph separators, and the C1 controls.
bool invisible(char32_t code) {
  return (code >= 0x80 && code < 0xA0) || code == 0xAD || (code >= 0x200B && code <= 0x200F) ||
         (code >= 0x2028 && code <= 0x202E) || (code >= 0x2060 && code <= 0x206F) ||
         code == 0xFEFF || (code >= 0xFFF9 && code <= 0xFFFB) || code == 0x180E;
}

}  // namespace

Utf8Char utf8_at(std::string_view text, std::size_t i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = lead >= 0xF0 && lead < 0xF5 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
  if (length == 0 || lead >= 0xF5 || i + length > text.size()) return {};
  char32_t code = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {};
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kLeast[length] || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return {};
  return {code, length};
}

std::string escape_character(std::string_view text, std::size_t i, std::size_t& length,
                             ShownCharacters shown) {
  Utf8Char c = utf8_at(text, i);
  length = c.length ? c.length : 1;
  if (c.length == 0) return "\\x" + hex(static_cast<unsigned char>(text[i]), 2);
  switch (c.code) {
    case '\0': return "\\0";
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\\': return shown == ShownCharacters::Ascii ? "\\\\" : "";
    default: break;
  }
  if (c.code < 0x20 || c.code == 0x7F) return "\\x" + hex(c.code, 2);
  if (c.code < 0x80) return "";
  if (shown == ShownCharacters::Printable && !invisible(c.code)) return "";
  if (c.code > 0xFFFF) return "\\U" + hex(c.code, 8);
  return "\\u" + hex(c.code, 4);
}

std::string printable(std::string_view text, std::size_t max_characters, ShownCharacters shown) {
  std::string out;
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (++characters > max_characters) return out + "...";
    std::size_t length = 1;
    std::string escaped = escape_character(text, i, length, shown);
    out += escaped.empty() ? std::string(text.substr(i, length)) : escaped;
    i += length;
  }
  return out;
}

}  // namespace railyard
