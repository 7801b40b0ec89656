#include "tools/lib/records/json/json_fields.h"

#include <gtest/gtest.h>

#include "tests/tools/records/record_errors.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;

TEST(JsonFields, ParseFaultOfAWholeFileNamesItsLine) {
  std::string message =
      input_error_of([] { parse_json("{\n  \"a\": 1,\n  \"b\": garbage\n}\n", {"dir/m.json"}); });
  EXPECT_TRUE(mentions(message, "dir/m.json:3: not valid JSON")) << message;
  message = input_error_of([] { parse_json("", {"empty.json"}); });
  EXPECT_TRUE(mentions(message, "empty.json:1: not valid JSON")) << message;
  message = input_error_of([] { parse_ordered_json("{\"a\": [1, 2", {"cut.json"}); });
  EXPECT_TRUE(mentions(message, "cut.json:1: not valid JSON")) << message;
}

TEST(JsonFields, ParseFaultOfALineNamesTheLineOfTheFile) {
  std::string message = input_error_of([] { parse_json("{\"a\": }", {"pairs.jsonl", 7}); });
  EXPECT_TRUE(mentions(message, "pairs.jsonl:7: not valid JSON")) << message;
}

TEST(JsonFields, KeysAreDottedPaths) {
  auto json = nlohmann::json::parse(R"({"a": {"b": [1, {"c": "x"}]}, "n": -1})", nullptr, false);
  JsonOrigin origin{"f.json"};
  JsonField<nlohmann::json> field(json, origin);
  EXPECT_EQ(field["a"]["b"].items()[0].as_unsigned(), 1u);
  std::string message = input_error_of([&] { field["a"]["b"].items()[1]["c"].as_int(); });
  EXPECT_EQ(message, "f.json: key 'a.b[1].c': expected a whole number, got \"x\"");
  message = input_error_of([&] { field["a"]["missing"]; });
  EXPECT_EQ(message, "f.json: key 'a.missing': missing");
  message = input_error_of([&] { field["n"].as_unsigned(); });
  EXPECT_EQ(message, "f.json: key 'n': expected a whole number of 0 or more, got -1");
  message = input_error_of([&] { field["a"]["b"].items(3); });
  EXPECT_TRUE(mentions(message, "key 'a.b': expected a list of 3")) << message;
  message = input_error_of([&] { field["a"]["b"]["c"]; });
  EXPECT_TRUE(mentions(message, "key 'a.b': expected an object, got a list")) << message;
}

TEST(JsonFields, UserTextIsShownEscaped) {
  auto json = nlohmann::json::parse("{\"k\\u200b\": \"a\\u200bb\\r\"}");
  JsonOrigin origin{"f.json", 2};
  JsonField<nlohmann::json> field(json, origin);
  std::string message = input_error_of([&] { field["k\u200b"].as_bool(); });
  EXPECT_TRUE(mentions(message, "f.json:2: key 'k\\u200b'")) << message;
  EXPECT_TRUE(mentions(message, "\"a\\u200bb\\r\"")) << message;  // the JSON dump, escaped
  message = input_error_of([&] { field["k\u200b"].as_name({"east", "west"}); });
  EXPECT_TRUE(mentions(message, "expected one of east, west, got 'a\\u200bb\\r'")) << message;
}

TEST(JsonFields, IntsOutOfRangeAreRefused) {
  auto json = nlohmann::json::parse(R"({"i": 4294967296, "u": 18446744073709551615})");
  JsonOrigin origin{"f.json"};
  JsonField<nlohmann::json> field(json, origin);
  EXPECT_TRUE(mentions(input_error_of([&] { field["i"].as_int(); }), "key 'i'"));
  EXPECT_TRUE(mentions(input_error_of([&] { field["u"].as_integer(); }), "key 'u'"));
  EXPECT_EQ(field["u"].as_unsigned(), 18446744073709551615u);
}

}  // namespace
}  // namespace railyard
