#include "util/file_system.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "util/atomic_file.h"
#include "util/io_error.h"

namespace railyard::file_system {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, std::string_view what, const std::error_code& ec) {
  throw IoError(
      os_error_message(path.empty() ? fs::path("(an empty path)") : path, what, ec.value()));
}

// The file's type, following links; not_found when it or a folder on its way is absent.
fs::file_type type_of(const fs::path& path) {
  std::error_code ec;
  fs::file_status status = fs::status(path, ec);
  if (ec && status.type() != fs::file_type::not_found) fail(path, "cannot read its status", ec);
  return status.type();
}

}  // namespace

bool exists(const fs::path& path) {
  return type_of(path) != fs::file_type::not_found;
}

bool is_directory(const fs::path& path) {
  return type_of(path) == fs::file_type::directory;
}

bool is_regular_file(const fs::path& path) {
  return type_of(path) == fs::file_type::regular;
}

std::string why_not_a_file(const fs::path& path) {
  switch (type_of(path)) {
    case fs::file_type::regular: return "";
    case fs::file_type::not_found: return "no such file";
    case fs::file_type::directory: return "a folder, not a file";
    case fs::file_type::character: return "a character device, not a file";
    case fs::file_type::block: return "a block device, not a file";
    case fs::file_type::fifo: return "a fifo, not a file";
    case fs::file_type::socket: return "a socket, not a file";
    default: return "not a file";
  }
}

bool is_empty_folder(const fs::path& path) {
  return file_system::is_directory(path) && list_folder(path).empty();
}

std::uintmax_t file_size(const fs::path& path) {
  std::error_code ec;
  std::uintmax_t size = fs::file_size(path, ec);
  if (ec) fail(path, "cannot read its size", ec);
  return size;
}

bool same_file(const fs::path& a, const fs::path& b) {
  if (!file_system::exists(a) || !file_system::exists(b)) return false;
  std::error_code ec;
  bool same = fs::equivalent(a, b, ec);
  if (ec) fail(a, "cannot compare with " + b.string(), ec);
  return same;
}

std::vector<fs::path> list_folder(const fs::path& folder) {
  std::vector<fs::path> entries;
  std::error_code ec;
  fs::directory_iterator it(folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) entries.push_back(it->path());
  if (ec) fail(folder, "cannot list the folder", ec);
  std::sort(entries.begin(), entries.end());
  return entries;
}

std::string first_file_under(const fs::path& folder) {
  std::error_code error;
  fs::recursive_directory_iterator it(folder, error), end;
  for (; !error && it != end; it.increment(error)) {
    std::error_code kind;
    if (it->is_directory(kind) && !it->is_symlink(kind)) continue;
    if (!is_temp_file_name(it->path().filename().string()))
      return it->path().lexically_relative(folder).generic_string();
  }
  if (error) fail(folder, "cannot list the folder", error);
  return "";
}

void create_folders(const fs::path& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) fail(folder, "cannot create the folder", ec);
}

bool remove_file(const fs::path& path) {
  std::error_code ec;
  bool removed = fs::remove(path, ec);
  if (ec) fail(path, "cannot remove", ec);
  return removed;
}

std::uintmax_t remove_tree(const fs::path& path) {
  std::error_code ec;
  std::uintmax_t removed = fs::remove_all(path, ec);
  if (ec) fail(path, "cannot remove", ec);
  return removed;
}

void rename(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::rename(from, to, ec);
  if (ec) fail(from, "cannot rename it to " + to.string(), ec);
}

void create_folder_link(const fs::path& target, const fs::path& link) {
  std::error_code ec;
  fs::create_directory_symlink(target, link, ec);
  if (ec) fail(link, "cannot create a link to " + target.string(), ec);
}

fs::path absolute(const fs::path& path) {
  std::error_code ec;
  fs::path out = fs::absolute(path, ec);
  if (ec) fail(path, "cannot make the path absolute", ec);
  return out.lexically_normal();
}

fs::path relative_to(const fs::path& path, const fs::path& base) {
  return file_system::absolute(path).lexically_relative(file_system::absolute(base));
}

fs::path temp_folder() {
  std::error_code ec;
  fs::path folder = fs::temp_directory_path(ec);
  return ec ? fs::path("/tmp") : folder;
}

std::string folder_name(const fs::path& path) {
  const fs::path folder = file_system::absolute(path).lexically_normal();
  return (folder.has_filename() ? folder : folder.parent_path()).filename().string();
}

}  // namespace railyard::file_system
