#include "tools/railyard/path_checks.h"

#include "util/file_system.h"
#include "util/io_error.h"
#include "util/printable_text.h"

namespace railyard {

bool inside(const std::filesystem::path& path, const std::filesystem::path& folder) {
  std::filesystem::path relative =
      file_system::absolute(path).lexically_relative(file_system::absolute(folder));
  return !relative.empty() && *relative.begin() != "..";
}

std::string file_fault(const std::string& path) {
  try {
    std::string why = file_system::why_not_a_file(path);
    return why.empty() ? "" : printable(path, 400) + ": " + why;
  } catch (const IoError& e) {  // a name too long, a loop of links
    return e.what();
  }
}

CLI::Validator existing_file() {
  return CLI::Validator(file_fault, "FILE", "a file");
}

CLI::Validator existing_folder() {
  return CLI::Validator(
      [](const std::string& path) -> std::string {
        try {
          if (file_system::is_directory(path)) return "";
          return printable(path, 400) + ": " +
                 (file_system::exists(path) ? "not a folder" : "no such folder");
        } catch (const IoError& e) {
          return e.what();
        }
      },
      "DIR", "a folder");
}

}  // namespace railyard
