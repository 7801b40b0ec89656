// The record facility's rules (record_members.h), on a record made for the test: what it writes
// for each kind of member, and what its reader accepts, fills in and refuses, naming the key.
#include "tools/lib/records/formats/record_members.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tests/tools/records/record_errors.h"
#include "util/enum_names.h"

namespace railyard::record_test {
namespace {

using testing::input_error_of;

enum class Lamp : std::uint8_t { Off, On };
inline constexpr auto kLampNames = enum_names<Lamp>({{Lamp::Off, "off"}, {Lamp::On, "on"}});
constexpr const auto& record_enum(const Lamp*) {
  return kLampNames;
}

struct Inner {
  int n = 0;
  bool operator==(const Inner&) const = default;
};
RAILYARD_RECORD(Inner, n)
void check_record(const RecordPlace& at, const Inner& inner) {
  if (inner.n < 0) at["n"].fail("must be 0 or more");
}

struct Outer {
  std::string name;
  Lamp lamp = Lamp::Off;
  std::vector<Inner> inners;
  std::map<std::uint32_t, double> by_number;
  std::vector<std::pair<std::string, bool>> flags;  // an object in this order
  std::optional<Inner> maybe;                       // null when empty
  OptionalKey<std::string> note;                    // no key when empty
  bool operator==(const Outer&) const = default;
};
RAILYARD_RECORD(Outer, name, lamp, inners, by_number, flags, maybe, note)

Outer read(const std::string& text) {
  JsonOrigin origin{"outer.json"};  // ordered: a pair list keeps the file's order
  nlohmann::ordered_json json = parse_ordered_json(text, origin);
  return record_from_json<Outer>(JsonField(json, origin));
}

std::string read_error(const std::string& text) {
  return input_error_of([&] { read(text); });
}

Outer example() {
  Outer outer;
  outer.name = "x";
  outer.lamp = Lamp::On;
  outer.inners = {{1}, {2}};
  outer.by_number = {{3, 0.5}};
  outer.flags = {{"zeta", true}, {"alpha", false}};
  return outer;
}

TEST(RecordMembersTest, WritesEachKindOfMemberInItsOrder) {
  Outer outer = example();
  EXPECT_EQ(record_json<nlohmann::ordered_json>(outer).dump(),
            R"({"name":"x","lamp":"on","inners":[{"n":1},{"n":2}],"by_number":{"3":0.5},)"
            R"("flags":{"zeta":true,"alpha":false},"maybe":null})");
  outer.maybe = Inner{4};
  outer.note = "kept";
  EXPECT_EQ(record_json<nlohmann::ordered_json>(outer).dump(),
            R"({"name":"x","lamp":"on","inners":[{"n":1},{"n":2}],"by_number":{"3":0.5},)"
            R"("flags":{"zeta":true,"alpha":false},"maybe":{"n":4},"note":"kept"})");
  EXPECT_EQ(read(record_json<nlohmann::ordered_json>(outer).dump()), outer);
}

// An older file without an optional member reads it as empty; an OptionalKey's absent key too.
TEST(RecordMembersTest, AMissingOptionalMemberReadsAsEmpty) {
  Outer outer = read(R"({"name":"x","lamp":"on","inners":[{"n":1},{"n":2}],)"
                     R"("by_number":{"3":0.5},"flags":{"zeta":true,"alpha":false}})");
  EXPECT_EQ(outer, example());
  EXPECT_FALSE(outer.maybe.has_value());
  EXPECT_FALSE(outer.note.has_value());
  // The pairs keep the file's order, not the keys' sorted order.
  ASSERT_EQ(outer.flags.size(), 2u);
  EXPECT_EQ(outer.flags[0].first, "zeta");
}

TEST(RecordMembersTest, RefusesNamingTheKeyPath) {
  const std::string base = R"("lamp":"on","inners":[],"by_number":{},"flags":{})";
  EXPECT_EQ(read_error("{" + base + "}"), "outer.json: key 'name': missing");
  EXPECT_EQ(read_error(R"({"name":"x",)" + base + R"(,"colour":1})"),
            "outer.json: key 'colour': not a key of this record");
  EXPECT_EQ(read_error(R"({"name":"x","lamp":"dim","inners":[],"by_number":{},"flags":{}})"),
            "outer.json: key 'lamp': expected one of off, on, got 'dim'");
  EXPECT_EQ(read_error(R"({"name":"x","lamp":"on","inners":[{"n":1},{"n":-2}],)"
                       R"("by_number":{},"flags":{}})"),
            "outer.json: key 'inners[1].n': must be 0 or more");
  EXPECT_EQ(read_error(R"({"name":"x","lamp":"on","inners":[],"by_number":{"three":1},)"
                       R"("flags":{}})"),
            "outer.json: key 'by_number.three': not a whole number");
  EXPECT_TRUE(testing::mentions(read_error(R"({"name":7,)" + base + "}"), "key 'name'"));
}

}  // namespace
}  // namespace railyard::record_test
