// User text inside messages: a value pasted from a document can hold characters that print as
// nothing (a zero width space, a byte order mark), move the cursor (\r from a CRLF file), end a C
// string early (NUL) or are not UTF-8 at all. Messages show such characters escaped (\0, \r,
// \u200b, \xff), so what the user sees is what the file holds, and every message ends where it
// should.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace railyard {

// One UTF-8 character of `text` at byte `i`: its code point and length in bytes, or length 0
// when the bytes there are not UTF-8 (overlong forms, surrogates and code points past U+10FFFF
// included).
struct Utf8Char {
  char32_t code = 0;
  std::size_t length = 0;
};
Utf8Char utf8_at(std::string_view text, std::size_t i);

enum class ShownCharacters {
  Printable,  // printable Unicode stays as it is ("données"); invisible and control ones escape
  Ascii,      // everything beyond printable ASCII escapes (languages written in ASCII)
};

// The escape of the character at byte `i` ("\\0", "\\r", "\\u200b", "\\xff"), or "" when it is
// shown as it is. `length` receives its length in bytes (1 for a byte that is not UTF-8).
std::string escape_character(std::string_view text, std::size_t i, std::size_t& length,
                             ShownCharacters shown = ShownCharacters::Printable);

// `text` for a message: escaped as above, and at most `max_characters` of it, then "...".
std::string printable(std::string_view text, std::size_t max_characters = 200,
                      ShownCharacters shown = ShownCharacters::Printable);

}  // namespace railyard
