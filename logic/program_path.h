// Finds an external program the way a shell would, through PATH: the SWI-Prolog bridge and the
// benchmarks' reference programs (swipl, blender) are optional, so their absence is a value.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace railyard {

// The first executable `name` in a PATH folder; nullopt when there is none or PATH is unset.
std::optional<std::filesystem::path> find_on_path(std::string_view name);

}  // namespace railyard
