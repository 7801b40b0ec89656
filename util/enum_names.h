// An enum's names stated once, as a table of {value, "name"}, beside the enum:
//
//   inline constexpr auto kLensNames = enum_names<Lens>(
//       {{Lens::Pinhole, "pinhole"}, {Lens::Equidistant, "equidistant"},
//        {Lens::Equidistant, "fisheye"}});
//
// gives a value's name, the value of a name, and the names listed for messages ("expected one of
// pinhole, equidistant, fisheye"); a config's choice of them is Schema::choice with the table
// (settings_schema.h). A value may have several names: the first is its own (what name() gives
// and a config prints), later ones are aliases that parse() accepts too.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace railyard {

template <class Enum>
struct EnumName {
  Enum value{};
  std::string_view name;
};

template <class Enum, std::size_t N>
struct EnumNames {
  std::array<EnumName<Enum>, N> entries;

  // The value's own name; "?" for a value the table leaves out.
  constexpr std::string_view name(Enum value) const {
    for (const EnumName<Enum>& entry : entries)
      if (entry.value == value) return entry.name;
    return "?";
  }

  constexpr std::optional<Enum> parse(std::string_view text) const {
    for (const EnumName<Enum>& entry : entries)
      if (entry.name == text) return entry.value;
    return std::nullopt;
  }

  // Every name, aliases too, in the table's order: list() is "a, b, c", list("|") "a|b|c",
  // list(", ", " or ") "a, b or c".
  std::string list(std::string_view separator = ", ", std::string_view last = {}) const {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
      if (i > 0) out += i + 1 == N && !last.empty() ? last : separator;
      out += entries[i].name;
    }
    return out;
  }

  constexpr auto begin() const { return entries.begin(); }
  constexpr auto end() const { return entries.end(); }
};

// The table of a braced list, its size counted: enum_names<Lens>({{Lens::Pinhole, "pinhole"}}).
template <class Enum, std::size_t N>
constexpr EnumNames<Enum, N> enum_names(const EnumName<Enum> (&entries)[N]) {
  EnumNames<Enum, N> table{};
  for (std::size_t i = 0; i < N; ++i) table.entries[i] = entries[i];
  return table;
}

}  // namespace railyard
