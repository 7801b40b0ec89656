#include "util/io_error.h"

#include <cstring>

#include "util/printable_text.h"

namespace railyard {

std::string os_error_message(const std::filesystem::path& path, std::string_view what,
                             int error_number) {
  // Paths come from users and files: escaped, and bounded (a name can be megabytes long).
  std::string shown = printable(path.string(), 400), reason = std::strerror(error_number);
  std::string message;
  message.reserve(shown.size() + what.size() + reason.size() + 4);
  message.append(shown).append(": ").append(what).append(": ").append(reason);
  return message;
}

}  // namespace railyard
