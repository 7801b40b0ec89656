// A record's members named once, for one writer and one checked reader: in the record's
// namespace, RAILYARD_RECORD(Figure, n, correct, value); then record_json(figure) writes it (a
// nlohmann::json: keys sorted) and read_record(field, figure) reads it back (json_fields.h),
// refusing a missing or unknown key or a value of another type with the file and the key path
// ("datasets[0].accuracy.n"). Members are records, strings, bools, numbers, std::vector,
// std::array, std::map (by string), std::optional (null when empty) and OptionalKey (its key
// left out of the object when empty).
#pragma once

#include <concepts>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>

#include "tools/lib/records/json/json_fields.h"
#include "util/read_file.h"

namespace railyard {

template <class T>
struct OptionalKey : std::optional<T> {
  using std::optional<T>::optional;
  using std::optional<T>::operator=;
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
inline constexpr bool kKeyLeftOut = false;
template <class T>
inline constexpr bool kKeyLeftOut<OptionalKey<T>> = true;

}  // namespace record_detail

template <class T>
nlohmann::json record_json(const T& value) {
  using namespace record_detail;
  if constexpr (Record<T>) {
    nlohmann::json out = nlohmann::json::object();
    auto write = [&](const auto& member) {
      const auto& item = value.*member.pointer;
      if constexpr (kKeyLeftOut<std::remove_cvref_t<decltype(item)>>)
        if (!item) return;
      out[member.key] = record_json(item);
    };
    std::apply([&](const auto&... members) { (write(members), ...); }, record_members(&value));
    return out;
  } else if constexpr (Optional<T>) {
    return value ? record_json(*value) : nlohmann::json();
  } else if constexpr (Map<T>) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [key, item] : value) out[key] = record_json(item);
    return out;
  } else if constexpr (Fixed<T> || List<T>) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& item : value) out.push_back(record_json(item));
    return out;
  } else {
    return value;
  }
}

template <class T>
void read_record(const JsonField<nlohmann::json>& field, T& out) {
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
      } else {
        read_record(field[member.key], item);
      }
    };
    std::apply([&](const auto&... members) { (read(members), ...); }, members);
  } else if constexpr (Optional<T>) {
    out.reset();
    if (!field.json().is_null()) read_record(field, out.emplace());
  } else if constexpr (Map<T>) {
    out.clear();
    for (const auto& [key, item] : field.members()) read_record(item, out[key]);
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

// A file that holds one record: read, parsed and read checked, then `check` (may be empty) looks
// at the value for rules beyond keys and types, failing through the document's field. Throws
// DatasetError naming the file and the key (IoError when it cannot be read).
template <class T>
T read_record_file(
    const std::filesystem::path& file,
    const std::function<void(const JsonField<nlohmann::json>&, const T&)>& check = {}) {
  JsonOrigin origin{file.string()};
  nlohmann::json json = parse_json(read_file_text(file), origin);
  JsonField<nlohmann::json> field(json, origin);
  T value;
  read_record(field, value);
  if (check) check(field, value);
  return value;
}

}  // namespace railyard
