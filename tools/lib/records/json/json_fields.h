// Reading the JSON files railyard writes, checked: every reader of the record layer (the sample
// record, pair records, manifests, run records, the suite summary) reads through these, so that a
// garbage, truncated or edited file is refused with one kind of message, naming the file, the
// line (of a JSON Lines file, or of a parse fault in a whole file) and the key as a dotted path
// ("flip_rate.pairs", "parts[3].id"), with the user's text escaped (util/printable_text.h). They
// throw DatasetError (dataset_error.h) and never let a nlohmann exception escape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tools/lib/records/json/dataset_error.h"

namespace railyard {

// Where a JSON value was read: the file as messages show it, and for a line of a JSON Lines file
// its line number (1-based; 0 for a whole file).
struct JsonOrigin {
  std::string file;
  std::size_t line = 0;

  std::string where() const;  // "file", or "file:line"
};

// `what` about the document at `origin`, at `key` ("" for the document as a whole): throws
// DatasetError "<file>[:<line>]: key '<key>': <what>".
[[noreturn]] void fail_at(const JsonOrigin& origin, std::string_view key, const std::string& what);

// Parses `text` (a whole file, or one line of a JSON Lines file). Throws DatasetError naming the
// origin, and for a whole file the line of the fault, when it is not valid JSON or nests deeper
// than kMaxJsonDepth. Every JSON file railyard reads goes through these.
inline constexpr int kMaxJsonDepth = 100;
nlohmann::json parse_json(std::string_view text, const JsonOrigin& origin);
nlohmann::ordered_json parse_ordered_json(std::string_view text, const JsonOrigin& origin);
// The same without the top-level members named in `dropped`: they are read but never built, which
// spares most of a record's parse when its masks are not wanted.
nlohmann::json parse_json_without(std::string_view text, const JsonOrigin& origin,
                                  std::span<const std::string_view> dropped);
// The file read and parsed (IoError when it cannot be read).
nlohmann::ordered_json read_ordered_json_file(const std::filesystem::path& file);

// A value at a dotted path of a document, for reading it checked: each accessor throws
// DatasetError naming the origin and the path when the value is missing or of another type.
// Json: nlohmann::json or nlohmann::ordered_json (the latter where a reader keeps key order).
template <class Json>
class JsonField {
 public:
  JsonField(const Json& value, const JsonOrigin& origin, std::string key = {})
      : value_(&value), origin_(&origin), key_(std::move(key)) {}

  const Json& json() const { return *value_; }
  const std::string& key() const { return key_; }
  const JsonOrigin& origin() const { return *origin_; }
  // Throws DatasetError naming this value.
  [[noreturn]] void fail(const std::string& what) const;

  // Members of an object: required (fails when this is not an object or has no such member),
  // optional (nullopt when absent), and all of them in the document's order.
  JsonField operator[](std::string_view name) const;
  std::optional<JsonField> find(std::string_view name) const;
  bool has(std::string_view name) const;
  std::vector<std::pair<std::string, JsonField>> members() const;
  // Fails unless this is an object whose keys are all among `names`.
  void only_keys(std::initializer_list<std::string_view> names) const;

  // Items of a list (fails when this is not one); with `count`, of exactly that many.
  std::vector<JsonField> items(std::optional<std::size_t> count = std::nullopt) const;

  std::uint64_t as_unsigned() const;  // a whole number >= 0
  std::int64_t as_integer() const;
  int as_int() const;  // a whole number that fits an int
  double as_number() const;
  bool as_bool() const;
  std::string as_string() const;
  std::vector<std::string> as_strings() const;  // a list of strings
  // A string that is one of `names`; fails listing them.
  std::string as_name(std::initializer_list<std::string_view> names) const;
  void expect_object() const;

 private:
  const Json* value_;
  const JsonOrigin* origin_;
  std::string key_;
};

// Where a record was read, for the rules its reader checks once its keys and types are read
// (record_members.h's check_record): fails naming the file, the line and a key at or below it.
class RecordPlace {
 public:
  template <class Json>
  explicit RecordPlace(const JsonField<Json>& field)
      : origin_(&field.origin()), key_(field.key()) {}

  RecordPlace operator[](std::string_view name) const;  // the place of a member
  [[noreturn]] void fail(const std::string& what) const;

 private:
  RecordPlace(const JsonOrigin& origin, std::string key) : origin_(&origin), key_(std::move(key)) {}
  const JsonOrigin* origin_;
  std::string key_;
};

// Fails at `at` unless `text` is a SHA-256 as railyard writes it: 64 lowercase hex digits.
void check_sha256(const RecordPlace& at, const std::string& text);

extern template class JsonField<nlohmann::json>;
extern template class JsonField<nlohmann::ordered_json>;

}  // namespace railyard
