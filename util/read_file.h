// Whole-file reading with errors that name the path and the OS reason.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace railyard {

// Throw IoError naming the path and the reason (missing, permission denied, I/O error).
std::vector<std::uint8_t> read_file_bytes(const std::filesystem::path& path);
std::string read_file_text(const std::filesystem::path& path);

}  // namespace railyard
