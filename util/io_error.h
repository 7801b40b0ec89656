// Failures to read or write a file. Messages name the path and, for OS failures, the reason
// (permission denied, no space left on device, ...), so a user can act on them.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace railyard {

class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "<path>: <what>: <strerror(error_number)>", e.g. "out/a.png: cannot write: Disk quota exceeded".
std::string os_error_message(const std::filesystem::path& path, std::string_view what,
                             int error_number);

}  // namespace railyard
