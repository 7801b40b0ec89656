#include "tools/export/staged_folder.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <limits>
#include <set>
#include <string>

// The project's atomic files (included here only: the lead moves them to util/).
#include "tools/export/export_options.h"
#include "util/atomic_file.h"
#include "util/io_error.h"

namespace railyard::exports {
namespace {

namespace fs = std::filesystem;

std::string os_error(const fs::path& path, std::string_view what, int error) {
  return path.string() + ": " + std::string(what) + ": " + std::strerror(error);
}

// ".<name>.railyard-tmp-": the prefix of this destination's temporary folders.
std::string staging_prefix(const fs::path& destination) {
  std::string prefix = ".";
  prefix += destination.filename().string();
  prefix += kTempMarker;
  return prefix;
}

bool process_is_gone(std::string_view pid_text) {
  long pid = 0;
  auto [end, ec] = std::from_chars(pid_text.data(), pid_text.data() + pid_text.size(), pid);
  if (ec != std::errc() || end != pid_text.data() + pid_text.size() || pid <= 0 ||
      pid > std::numeric_limits<pid_t>::max())
    return false;
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

void remove_stale_staging(const fs::path& destination) {
  std::error_code error;
  std::string prefix = staging_prefix(destination);
  for (const auto& entry : fs::directory_iterator(destination.parent_path(), error)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || !entry.is_directory()) continue;
    std::string_view rest = std::string_view(name).substr(prefix.size());  // <pid>-<n>
    if (process_is_gone(rest.substr(0, rest.find('-')))) fs::remove_all(entry.path(), error);
  }
}

constexpr std::string_view kMarkerHeader =
    "# made by railyard export, which replaces this folder only while it holds just these files\n";

// The files an export folder's marker lists; false when there is no marker of ours.
bool read_marker(const fs::path& folder, std::set<std::string>& files) {
  std::ifstream in(folder / kExportMarker, std::ios::binary);
  std::string line;
  if (!in || !std::getline(in, line) || line + "\n" != kMarkerHeader) return false;
  while (std::getline(in, line))
    if (!line.empty()) files.insert(line);
  return true;
}

std::string refusal(const fs::path& destination, std::string_view why) {
  return destination.string() + ": not replaced: " + std::string(why) +
         "; export into a new or empty folder, or move this one away yourself";
}

}  // namespace

void check_export_destination(const fs::path& destination) {
  std::error_code error;
  fs::file_status status = fs::symlink_status(destination, error);
  if (!fs::exists(status)) return;
  if (!fs::is_directory(status))
    throw ExportError(destination.string() + ": exists and is not a folder; not replaced");
  if (fs::is_empty(destination, error) && !error) return;
  std::set<std::string> listed;
  if (!read_marker(destination, listed))
    throw ExportError(refusal(destination, "it was not made by railyard export (no " +
                                               std::string(kExportMarker) + " inside)"));
  fs::recursive_directory_iterator it(destination, error), end;
  for (; !error && it != end; it.increment(error)) {
    if (it->is_directory(error) && !it->is_symlink()) continue;
    std::string relative = it->path().lexically_relative(destination).generic_string();
    if (relative != kExportMarker && !listed.count(relative))
      throw ExportError(
          refusal(destination, "it holds '" + relative + "', which railyard export did not write"));
  }
  if (error) throw ExportError(os_error(destination, "cannot list", error.value()));
}

StagedFolder::StagedFolder(fs::path destination) : destination_(std::move(destination)) {
  if (destination_.filename().empty()) destination_ = destination_.parent_path();
  if (destination_.filename().empty() || destination_.filename() == "." ||
      destination_.filename() == "..")
    throw ExportError(destination_.string() + ": not a folder name to export into");
  if (destination_.parent_path().empty()) destination_ = fs::path(".") / destination_;
  check_export_destination(destination_);
  std::error_code error;
  fs::create_directories(destination_.parent_path(), error);
  if (error)
    throw ExportError(os_error(destination_.parent_path(), "cannot create", error.value()));
  remove_stale_staging(destination_);
  static int counter = 0;
  for (int attempt = 0; attempt < 100 && staging_.empty(); ++attempt) {
    fs::path candidate =
        destination_.parent_path() / (staging_prefix(destination_) + std::to_string(::getpid()) +
                                      "-" + std::to_string(counter++));
    if (::mkdir(candidate.c_str(), 0777) == 0)
      staging_ = candidate;
    else if (errno != EEXIST)
      throw ExportError(os_error(candidate, "cannot create a temporary folder", errno));
  }
  if (staging_.empty())
    throw ExportError(destination_.string() + ": cannot find a free temporary folder name");
}

StagedFolder::~StagedFolder() {
  std::error_code error;
  if (!committed_) fs::remove_all(staging_, error);
}

void StagedFolder::write(const fs::path& relative, std::string_view text) {
  StagedFile file(*this, relative);
  file.write(text);
  file.close();
}

void StagedFolder::commit() {
  if (committed_) throw ExportError(destination_.string() + ": committed twice");
  if (open_files_ > 0)
    throw ExportError(destination_.string() + ": a file is still being written; not committed");
  write_marker();
  check_export_destination(destination_);
  std::error_code error;
  bool exists = fs::exists(fs::symlink_status(destination_, error));
  if (!exists) {
    if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, destination_.c_str(), RENAME_NOREPLACE) !=
        0)
      throw ExportError(os_error(destination_, "cannot move the export into place", errno));
    committed_ = true;
    return;
  }
  // Swap new and old in one step; the old export then lies at the temporary name.
  if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, destination_.c_str(), RENAME_EXCHANGE) !=
      0) {
    if (errno != EINVAL && errno != ENOSYS)
      throw ExportError(os_error(destination_, "cannot replace the export", errno));
    replace_without_exchange();
  }
  committed_ = true;
  fs::remove_all(staging_, error);
}

void StagedFolder::write_marker() {
  std::vector<std::string> files;
  for (const fs::path& file : written_) files.push_back(file.generic_string());
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  std::string text(kMarkerHeader);
  for (const std::string& file : files) text += file + "\n";
  try {
    write_file_atomically(staging_ / kExportMarker, text);
  } catch (const IoError& e) {
    throw ExportError(destination_.string() + ": " + e.what());
  }
}

void StagedFolder::replace_without_exchange() {
  // File systems without RENAME_EXCHANGE: the old export steps aside for a moment.
  fs::path aside = staging_;
  aside += "-old";
  if (std::rename(destination_.c_str(), aside.c_str()) != 0)
    throw ExportError(os_error(destination_, "cannot move the old export aside", errno));
  if (std::rename(staging_.c_str(), destination_.c_str()) != 0) {
    int error = errno;
    std::rename(aside.c_str(), destination_.c_str());
    throw ExportError(os_error(destination_, "cannot move the export into place", error));
  }
  staging_ = aside;  // removed by the caller
}

StagedFile::StagedFile(StagedFolder& folder, const fs::path& relative)
    : folder_(folder),
      relative_(relative.lexically_normal()),
      destination_(folder.destination() / relative) {
  std::error_code error;
  fs::path path = folder.staging() / relative;
  fs::create_directories(path.parent_path(), error);
  if (error)
    throw ExportError(os_error(destination_.parent_path(), "cannot create", error.value()));
  try {
    file_ = std::make_unique<AtomicFile>(path);
  } catch (const IoError& e) {
    throw ExportError(destination_.string() + ": " + e.what());
  }
  ++folder_.open_files_;
}

StagedFile::~StagedFile() {
  if (file_) --folder_.open_files_;
}

void StagedFile::write(std::string_view text) {
  if (!file_) throw ExportError(destination_.string() + ": written after close");
  try {
    file_->write(text);
  } catch (const IoError& e) {
    // The message names the temporary file; the user knows the destination.
    throw ExportError(destination_.string() + ": " + e.what());
  }
}

void StagedFile::close() {
  if (!file_) throw ExportError(destination_.string() + ": closed twice");
  std::unique_ptr<AtomicFile> file = std::move(file_);
  --folder_.open_files_;
  try {
    file->commit();
  } catch (const IoError& e) {
    throw ExportError(destination_.string() + ": " + e.what());
  }
  folder_.written_.push_back(relative_);
}

}  // namespace railyard::exports
