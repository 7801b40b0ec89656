// User text in messages: what prints as nothing, moves the cursor or ends a C string is escaped;
// ordinary text, in any script, is shown as it is.
#include "util/printable_text.h"

#include <gtest/gtest.h>

#include <string>

namespace railyard {
namespace {

using namespace std::string_literals;

TEST(PrintableText, EscapesInvisibleAndControlCharacters) {
  EXPECT_EQ(printable("theoryx\u200b"), "theoryx\\u200b");
  EXPECT_EQ(printable("\xEF\xBB\xBFrule"), "\\ufeffrule");  // a byte order mark
  EXPECT_EQ(printable("count: 3\r"), "count: 3\\r");
  EXPECT_EQ(printable("a\0b"s), "a\\0b");
  EXPECT_EQ(printable("tab\there"), "tab\\there");
  EXPECT_EQ(printable("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");   // not UTF-8
  EXPECT_EQ(printable("\xC0\xAF"), "\\xc0\\xaf");   // an overlong '/'
  EXPECT_EQ(printable("\xE2\x80\xAE"), "\\u202e");  // right-to-left override
  EXPECT_EQ(printable("soft\u00adhyphen"), "soft\\u00adhyphen");
}

TEST(PrintableText, ShowsOrdinaryTextAsItIs) {
  EXPECT_EQ(printable("données/Zürich/列車"), "données/Zürich/列車");
  EXPECT_EQ(printable("C:\\path"), "C:\\path");
  EXPECT_EQ(printable(""), "");
}

TEST(PrintableText, AsciiLanguagesEscapeEverythingElse) {
  EXPECT_EQ(printable("set(1, roof=n\u043ene)", 200, ShownCharacters::Ascii),
            "set(1, roof=n\\u043ene)");  // a Cyrillic o
  EXPECT_EQ(printable("\U0001F682", 200, ShownCharacters::Ascii), "\\U0001f682");
  EXPECT_EQ(printable("a\\b", 200, ShownCharacters::Ascii), "a\\\\b");
}

TEST(PrintableText, CutsLongTextByCharacters) {
  EXPECT_EQ(printable(std::string(10, 'x'), 4), "xxxx...");
  EXPECT_EQ(printable("ééééé", 3), "ééé...");
  std::size_t length = 0;
  EXPECT_EQ(escape_character("\u200b", 0, length), "\\u200b");
  EXPECT_EQ(length, 3u);
}

}  // namespace
}  // namespace railyard
