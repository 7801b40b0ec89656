#include "util/io_error.h"

#include <cstring>

namespace railyard {

std::string os_error_message(const std::filesystem::path& path, std::string_view what,
                             int error_number) {
  std::string message = path.string();
  message += ": ";
  message += what;
  message += ": ";
  message += std::strerror(error_number);
  return message;
}

}  // namespace railyard
