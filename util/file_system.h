// File system queries and changes whose failures are railyard's IoError naming the path and the
// OS's reason, never std::filesystem::filesystem_error. Any path a user or a file supplies can make
// the OS refuse a query (a name longer than NAME_MAX, a loop of links, a permission, a component
// that is a file), and the throwing std::filesystem calls would let that escape as an exception
// no caller expects. Code outside util/ uses these (tests/layers_test.py enforces it).
//
// Queries treat "absent" (ENOENT, and ENOTDIR: a component is a file) as an answer, not an error:
// exists("file.txt/sub") is false, as the shell's test -e says.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace railyard::file_system {

// Throw IoError naming the path when the OS cannot tell (name too long, loop, permission).
bool exists(const std::filesystem::path& path);
bool is_directory(const std::filesystem::path& path);
bool is_regular_file(const std::filesystem::path& path);
// Why `path` cannot be read as a file: "" for a regular file, else "no such file", "a folder",
// "a character device", "a fifo", ... (for messages such as "rule file X: a folder").
std::string why_not_a_file(const std::filesystem::path& path);
// A folder with no entries; false for anything that is not a folder.
bool is_empty_folder(const std::filesystem::path& path);
std::uintmax_t file_size(const std::filesystem::path& path);
// Whether two existing paths name the same file; false when either is absent.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// The entries of a folder in name order (paths, not names). Throws IoError when it is not a
// folder or cannot be read.
std::vector<std::filesystem::path> list_folder(const std::filesystem::path& folder);

// A file under `folder` at any depth (links too; folders and killed runs' temporaries not),
// relative to it, or "" when there is none: whether a folder holds anything of anyone's.
std::string first_file_under(const std::filesystem::path& folder);

// Throw IoError naming the path: "cannot create folder", "cannot remove", "cannot rename ...".
void create_folders(const std::filesystem::path& folder);
bool remove_file(const std::filesystem::path& path);  // false when there was nothing
std::uintmax_t remove_tree(const std::filesystem::path& path);
void rename(const std::filesystem::path& from, const std::filesystem::path& to);
void create_folder_link(const std::filesystem::path& target, const std::filesystem::path& link);

// absolute(path).lexically_normal(); `path` relative to `base` (lexically, no file system access).
std::filesystem::path absolute(const std::filesystem::path& path);
std::filesystem::path relative_to(const std::filesystem::path& path,
                                  const std::filesystem::path& base);
std::filesystem::path temp_folder();  // $TMPDIR or /tmp
// The name of the folder `path` names, with or without a trailing slash ("out/ds/" -> "ds").
std::string folder_name(const std::filesystem::path& path);

}  // namespace railyard::file_system
