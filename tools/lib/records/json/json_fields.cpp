#include "tools/lib/records/json/json_fields.h"

#include <algorithm>
#include <limits>

#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {
namespace {

// A value as messages show it: its JSON, escaped and cut short.
std::string shown(const auto& value) {
  return printable(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), 80);
}

const char* type_name(const auto& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return "true or false";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_array()) return "a list";
  return "an object";
}

std::string child_key(const std::string& key, std::string_view name) {
  return key.empty() ? std::string(name) : key + "." + std::string(name);
}

struct TooDeep {};

template <class Json>
Json parse(std::string_view text, const JsonOrigin& origin,
           std::span<const std::string_view> dropped = {}) {
  // Nothing railyard reads nests deeply; a value nested without bound would overflow the stack
  // of every recursive walk after the parse (dump, the readers, Python's conversion).
  auto bounded = [&](int depth, nlohmann::json::parse_event_t event, Json& parsed) {
    if (depth > kMaxJsonDepth) throw TooDeep{};
    if (event == nlohmann::json::parse_event_t::key && depth == 1 && !dropped.empty())
      return std::find(dropped.begin(), dropped.end(),
                       parsed.template get_ref<const std::string&>()) == dropped.end();
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), bounded);
  } catch (const TooDeep&) {
    fail_at(origin, "", "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  } catch (const nlohmann::json::parse_error& e) {
    JsonOrigin at = origin;
    if (at.line == 0) {  // a whole file: the line of the fault
      std::size_t end = std::min<std::size_t>(e.byte ? e.byte - 1 : 0, text.size());
      at.line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + end, '\n'));
    }
    std::string reason = e.what();
    if (auto colon = reason.find(": "); colon != std::string::npos)
      reason = reason.substr(colon + 2);
    fail_at(at, "", "not valid JSON (truncated or garbage?): " + printable(reason, 160));
  } catch (const nlohmann::json::exception& e) {
    // "[json.exception.out_of_range.406] number overflow parsing '1e999'": the reason alone.
    std::string reason = e.what();
    if (reason.starts_with("[json.exception.")) reason = reason.substr(reason.find("] ") + 2);
    fail_at(origin, "", "not valid JSON: " + printable(reason, 160));
  }
}

}  // namespace

std::string JsonOrigin::where() const {
  return line ? file + ":" + std::to_string(line) : file;
}

void fail_at(const JsonOrigin& origin, std::string_view key, const std::string& what) {
  std::string message = origin.where() + ": ";
  if (!key.empty()) message += "key '" + printable(key) + "': ";
  throw DatasetError(message + what);
}

nlohmann::json parse_json(std::string_view text, const JsonOrigin& origin) {
  return parse<nlohmann::json>(text, origin);
}

nlohmann::ordered_json parse_ordered_json(std::string_view text, const JsonOrigin& origin) {
  return parse<nlohmann::ordered_json>(text, origin);
}

nlohmann::json parse_json_without(std::string_view text, const JsonOrigin& origin,
                                  std::span<const std::string_view> dropped) {
  return parse<nlohmann::json>(text, origin, dropped);
}

nlohmann::ordered_json read_ordered_json_file(const std::filesystem::path& file) {
  return parse_ordered_json(read_file_text(file), {file.string()});
}

template <class Json>
void JsonField<Json>::fail(const std::string& what) const {
  fail_at(*origin_, key_, what);
}

template <class Json>
void JsonField<Json>::expect_object() const {
  if (!value_->is_object()) fail(std::string("expected an object, got ") + type_name(*value_));
}

template <class Json>
JsonField<Json> JsonField<Json>::operator[](std::string_view name) const {
  expect_object();
  auto it = value_->find(name);
  if (it == value_->end()) fail_at(*origin_, child_key(key_, name), "missing");
  return JsonField(*it, *origin_, child_key(key_, name));
}

template <class Json>
std::optional<JsonField<Json>> JsonField<Json>::find(std::string_view name) const {
  expect_object();
  auto it = value_->find(name);
  if (it == value_->end()) return std::nullopt;
  return JsonField(*it, *origin_, child_key(key_, name));
}

template <class Json>
bool JsonField<Json>::has(std::string_view name) const {
  return value_->is_object() && value_->contains(name);
}

template <class Json>
std::vector<std::pair<std::string, JsonField<Json>>> JsonField<Json>::members() const {
  expect_object();
  std::vector<std::pair<std::string, JsonField>> out;
  for (auto it = value_->begin(); it != value_->end(); ++it)
    out.emplace_back(it.key(), JsonField(*it, *origin_, child_key(key_, it.key())));
  return out;
}

template <class Json>
void JsonField<Json>::only_keys(std::initializer_list<std::string_view> names) const {
  for (const auto& [name, value] : members())
    if (std::find(names.begin(), names.end(), name) == names.end())
      value.fail("not a key of this record");
}

template <class Json>
std::vector<JsonField<Json>> JsonField<Json>::items(std::optional<std::size_t> count) const {
  if (!value_->is_array()) fail(std::string("expected a list, got ") + type_name(*value_));
  if (count && value_->size() != *count)
    fail("expected a list of " + std::to_string(*count) + ", got " +
         std::to_string(value_->size()) + " items");
  std::vector<JsonField> out;
  out.reserve(value_->size());
  for (std::size_t i = 0; i < value_->size(); ++i)
    out.emplace_back((*value_)[i], *origin_, key_ + "[" + std::to_string(i) + "]");
  return out;
}

template <class Json>
std::uint64_t JsonField<Json>::as_unsigned() const {
  if (!value_->is_number_unsigned())
    fail("expected a whole number of 0 or more, got " + shown(*value_));
  return value_->template get<std::uint64_t>();
}

template <class Json>
std::int64_t JsonField<Json>::as_integer() const {
  if (value_->is_number_integer() && !value_->is_number_unsigned())
    return value_->template get<std::int64_t>();
  if (value_->is_number_unsigned() &&
      value_->template get<std::uint64_t>() <=
          static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return static_cast<std::int64_t>(value_->template get<std::uint64_t>());
  fail("expected a whole number, got " + shown(*value_));
}

template <class Json>
int JsonField<Json>::as_int() const {
  if (value_->is_number_integer()) {
    std::int64_t v = as_integer();
    if (v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max())
      return static_cast<int>(v);
  }
  fail("expected a whole number, got " + shown(*value_));
}

template <class Json>
double JsonField<Json>::as_number() const {
  if (!value_->is_number()) fail("expected a number, got " + shown(*value_));
  return value_->template get<double>();
}

template <class Json>
bool JsonField<Json>::as_bool() const {
  if (!value_->is_boolean()) fail("expected true or false, got " + shown(*value_));
  return value_->template get<bool>();
}

template <class Json>
std::string JsonField<Json>::as_string() const {
  if (!value_->is_string()) fail("expected a string, got " + shown(*value_));
  return value_->template get<std::string>();
}

template <class Json>
std::vector<std::string> JsonField<Json>::as_strings() const {
  std::vector<std::string> out;
  for (const JsonField& item : items()) out.push_back(item.as_string());
  return out;
}

template <class Json>
std::string JsonField<Json>::as_name(std::initializer_list<std::string_view> names) const {
  std::string name = as_string();
  if (std::find(names.begin(), names.end(), name) != names.end()) return name;
  std::string list;
  for (std::string_view n : names) list += (list.empty() ? "" : ", ") + std::string(n);
  fail("expected one of " + list + ", got '" + printable(name) + "'");
}

RecordPlace RecordPlace::operator[](std::string_view name) const {
  return RecordPlace(*origin_, child_key(key_, name));
}

void RecordPlace::fail(const std::string& what) const {
  fail_at(*origin_, key_, what);
}

void check_sha256(const RecordPlace& at, const std::string& text) {
  if (text.size() != 64 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    at.fail("not a SHA-256: expected 64 lowercase hex digits, got '" + printable(text, 80) + "'");
}

template class JsonField<nlohmann::json>;
template class JsonField<nlohmann::ordered_json>;

}  // namespace railyard
