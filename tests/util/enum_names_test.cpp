#include "util/enum_names.h"

#include <gtest/gtest.h>

namespace railyard {
namespace {

enum class Fruit { Apple, Pear, Quince };
constexpr auto kFruitNames =
    enum_names<Fruit>({{Fruit::Apple, "apple"}, {Fruit::Pear, "pear"}, {Fruit::Apple, "malus"}});

// A value's name is its first entry; an alias parses too.
static_assert(kFruitNames.name(Fruit::Apple) == "apple");
static_assert(kFruitNames.parse("malus") == Fruit::Apple);
static_assert(kFruitNames.parse("pear") == Fruit::Pear);

TEST(EnumNames, NamesParsesAndListsFromOneTable) {
  EXPECT_EQ(kFruitNames.name(Fruit::Quince), "?");  // left out of the table
  EXPECT_FALSE(kFruitNames.parse("Apple").has_value());
  EXPECT_FALSE(kFruitNames.parse("").has_value());
  EXPECT_EQ(kFruitNames.list(), "apple, pear, malus");
  EXPECT_EQ(kFruitNames.list("|"), "apple|pear|malus");
  EXPECT_EQ(kFruitNames.list(", ", " or "), "apple, pear or malus");
  constexpr auto one = enum_names<Fruit>({{Fruit::Pear, "pear"}});
  EXPECT_EQ(one.list(", ", " or "), "pear");
}

}  // namespace
}  // namespace railyard
