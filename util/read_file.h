// Whole-file reading with errors that name the path and the OS reason.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace railyard {

// Opens a regular file for reading (a descriptor to close). Throws IoError naming the path and
// the reason (missing, permission denied), or what it is instead: a folder, a device, a fifo
// (never waited on) cannot be read whole.
int open_regular_file(const std::filesystem::path& path);

// A stream on a regular file, for files read line by line. Throws IoError as open_regular_file
// does (a fifo is refused, never waited on).
std::ifstream open_input_stream(const std::filesystem::path& path);

// Calls `piece` with the file's bytes in order, a piece at a time: constant memory whatever the
// size. Throws IoError as below.
void read_file_in_pieces(const std::filesystem::path& path,
                         const std::function<void(std::span<const std::uint8_t>)>& piece);

// Throw IoError naming the path and the reason (missing, permission denied, I/O error, not a
// regular file).
std::vector<std::uint8_t> read_file_bytes(const std::filesystem::path& path);
std::string read_file_text(const std::filesystem::path& path);

}  // namespace railyard
