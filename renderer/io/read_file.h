// Whole-file reading with errors that name the path and the OS reason.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace railyard::render {

std::vector<std::uint8_t> read_file_bytes(const std::filesystem::path& path);

}  // namespace railyard::render
