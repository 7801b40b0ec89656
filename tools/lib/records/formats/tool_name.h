// "tool": who wrote a file. railyard's readers take back only files railyard wrote, and say
// so with the file and the key ("expected one of railyard, got 'blender'").
#pragma once

#include <cstdint>

#include "util/enum_names.h"

namespace railyard {

enum class Tool : std::uint8_t { Railyard };
inline constexpr auto kToolNames = enum_names<Tool>({{Tool::Railyard, "railyard"}});
constexpr const auto& record_enum(const Tool*) {  // record_members.h
  return kToolNames;
}

}  // namespace railyard
