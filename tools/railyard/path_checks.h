// The command's checks of path arguments, in place of CLI11's ExistingFile and ExistingDirectory,
// whose "does not exist" is wrong for a folder given as a file, a device, a fifo or a loop of
// links: these say what the path is (util/file_system.h).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>

namespace railyard {

CLI::Validator existing_file();    // a regular file
CLI::Validator existing_folder();  // a folder

// Whether `path` is `folder` or lies inside it (lexically, both made absolute): an output inside
// the folder a command reads would be read too.
bool inside(const std::filesystem::path& path, const std::filesystem::path& folder);

// "" for a regular file; else "<path>: <what it is instead>" (a folder, no such file, ...).
std::string file_fault(const std::string& path);

}  // namespace railyard
