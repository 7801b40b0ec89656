// A record's members named once, for one writer and one checked reader: in the record's
// namespace, RAILYARD_RECORD(Figure, n, correct, value); then record_json(figure) writes it (a
// nlohmann::json: keys sorted; record_json<nlohmann::ordered_json> keeps the members' order) and
// read_record(field, figure) reads it back (json_fields.h), refusing a missing or unknown key or
// a value of another type with the file and the key path ("datasets[0].accuracy.n"). Members are
// records, strings, bools, numbers, enums with names (below), std::vector, std::array, std::map
// (by string or whole number), a vector of (name, value) pairs (an object in that order),
// std::optional (null when empty; a missing key reads as empty) and OptionalKey (its key left out
// of the object when empty).
//
// Two hooks a type may declare beside it, found by argument-dependent lookup:
//   record_enum(const E*)           the EnumNames table (util/enum_names.h) of an enum member,
//                                   written and read by its names;
//   check_record(RecordPlace, rec)  the rules of a record beyond keys and types, run after it is
//                                   read, failing through the place (json_fields.h).
#pragma once

#include <charconv>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "tools/lib/records/json/json_fields.h"
#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {

template <class T>
struct OptionalKey : std::optional<T> {
  using std::optional<T>::optional;
  using std::optional<T>::operator=;
  OptionalKey& operator=(T value) {  // a plain value: not ambiguous with the copy from it
    std::optional<T>::operator=(std::move(value));
    return *this;
  }

  friend bool operator==(const OptionalKey& a, const OptionalKey& b) {  // not optional<U>'s
    return static_cast<const std::optional<T>&>(a) == static_cast<const std::optional<T>&>(b);
  }
};

template <class T, class M>
struct RecordKey {
  const char* key;
  M T::*pointer;
};
template <class T, class M>
RecordKey(const char*, M T::*) -> RecordKey<T, M>;

#define RAILYARD_RECORD_MEMBER(name) ::railyard::RecordKey{#name, &T::name},
#define RAILYARD_RECORD(Type, ...)                                                       \
  constexpr auto record_members(const Type*) {                                           \
    using T = Type;                                                                      \
    return std::tuple{                                                                   \
        NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(RAILYARD_RECORD_MEMBER, __VA_ARGS__))}; \
  }

namespace record_detail {

template <class T>
concept Record = requires(const T* value) {
  record_members(value);
};
template <class T>
concept Named = std::is_enum_v<T> && requires(const T* value) {
  record_enum(value);
};
template <class T>
concept Checked = requires(const RecordPlace& place, const T& value) {
  check_record(place, value);
};
template <class T>
concept Optional = std::derived_from<T, std::optional<typename T::value_type>>;
template <class T>
concept Map = requires {
  typename T::mapped_type;
};
template <class T>
concept Fixed = requires {
  std::tuple_size<T>::value;
};
template <class T>
concept List = !std::same_as<T, std::string> && requires(T list) {
  list.emplace_back();
};
template <class T>
concept PairList = List<T> && requires(T list) {
  { list.front().first } -> std::convertible_to<std::string>;
  list.front().second;
};

// A map's key as an object's member name, and back.
template <class Key>
std::string map_key(const Key& key) {
  if constexpr (std::integral<Key>)
    return std::to_string(key);
  else
    return key;
}
template <class Key, class Json>
Key map_key(const std::string& name, const JsonField<Json>& field) {
  if constexpr (std::integral<Key>) {
    Key key{};
    auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), key);
    if (name.empty() || error != std::errc() || end != name.data() + name.size())
      field.fail("not a whole number");
    return key;
  } else {
    return name;
  }
}
template <class T>
inline constexpr bool kKeyLeftOut = false;
template <class T>
inline constexpr bool kKeyLeftOut<OptionalKey<T>> = true;

}  // namespace record_detail

template <class Json = nlohmann::json, class T>
Json record_json(const T& value) {
  using namespace record_detail;
  if constexpr (Record<T>) {
    Json out = Json::object();
    auto write = [&](const auto& member) {
      const auto& item = value.*member.pointer;
      if constexpr (kKeyLeftOut<std::remove_cvref_t<decltype(item)>>)
        if (!item) return;
      out[member.key] = record_json<Json>(item);
    };
    std::apply([&](const auto&... members) { (write(members), ...); }, record_members(&value));
    return out;
  } else if constexpr (Named<T>) {
    return std::string(record_enum(&value).name(value));
  } else if constexpr (Optional<T>) {
    return value ? record_json<Json>(*value) : Json();
  } else if constexpr (Map<T> || PairList<T>) {
    Json out = Json::object();
    for (const auto& [key, item] : value) out[map_key(key)] = record_json<Json>(item);
    return out;
  } else if constexpr (Fixed<T> || List<T>) {
    Json out = Json::array();
    for (const auto& item : value) out.push_back(record_json<Json>(item));
    return out;
  } else {
    return value;
  }
}

template <class Json, class T>
void read_record(const JsonField<Json>& field, T& out) {
  using namespace record_detail;
  if constexpr (Record<T>) {
    auto members = record_members(static_cast<const T*>(&out));
    for (const auto& member : field.members()) {
      const std::string& key = member.first;  // a plain name: clang lambdas cannot capture bindings
      if (!std::apply([&](const auto&... m) { return ((key == m.key) || ...); }, members))
        member.second.fail("not a key of this record");
    }
    auto read = [&](const auto& member) {
      auto& item = out.*member.pointer;
      if constexpr (kKeyLeftOut<std::remove_cvref_t<decltype(item)>>) {
        item.reset();
        if (auto present = field.find(member.key)) read_record(*present, item.emplace());
      } else if constexpr (Optional<std::remove_cvref_t<decltype(item)>>) {
        item.reset();  // absent reads as null: records from before the member was kept
        if (auto present = field.find(member.key)) read_record(*present, item);
      } else {
        read_record(field[member.key], item);
      }
    };
    std::apply([&](const auto&... members) { (read(members), ...); }, members);
    if constexpr (Checked<T>) check_record(RecordPlace(field), out);
  } else if constexpr (Named<T>) {
    const auto& names = record_enum(&out);
    std::string name = field.as_string();
    auto value = names.parse(name);
    if (!value) field.fail("expected one of " + names.list() + ", got '" + printable(name) + "'");
    out = *value;
  } else if constexpr (Optional<T>) {
    out.reset();
    if (!field.json().is_null()) read_record(field, out.emplace());
  } else if constexpr (Map<T>) {
    out.clear();
    for (const auto& [key, item] : field.members())
      read_record(item, out[map_key<typename T::key_type>(key, item)]);
  } else if constexpr (PairList<T>) {
    out.clear();
    for (const auto& [key, item] : field.members()) {
      auto& pair = out.emplace_back();
      pair.first = key;
      read_record(item, pair.second);
    }
  } else if constexpr (Fixed<T>) {
    auto items = field.items(std::tuple_size_v<T>);
    for (std::size_t k = 0; k < items.size(); ++k) read_record(items[k], out[k]);
  } else if constexpr (List<T>) {
    out.clear();
    for (const auto& item : field.items()) read_record(item, out.emplace_back());
  } else if constexpr (std::same_as<T, std::string>) {
    out = field.as_string();
  } else if constexpr (std::same_as<T, bool>) {
    out = field.as_bool();
  } else if constexpr (std::floating_point<T>) {
    out = field.as_number();
  } else if constexpr (std::unsigned_integral<T>) {
    std::uint64_t number = field.as_unsigned();
    if (number > std::numeric_limits<T>::max()) field.fail("too large");
    out = static_cast<T>(number);
  } else {
    static_assert(std::same_as<T, int>, "a member of a type records do not hold");
    out = field.as_int();
  }
}

// A record read from `field`: read_record's value.
template <class T, class Json>
T record_from_json(const JsonField<Json>& field) {
  T value;
  read_record(field, value);
  return value;
}

// A file that holds one record, read checked. Throws DatasetError naming the file and the key
// (IoError when it cannot be read).
template <class T>
T read_record_file(const std::filesystem::path& file) {
  JsonOrigin origin{file.string()};
  nlohmann::json json = parse_json(read_file_text(file), origin);
  return record_from_json<T>(JsonField(json, origin));
}

}  // namespace railyard
