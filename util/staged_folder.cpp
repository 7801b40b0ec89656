#include "util/staged_folder.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <limits>
#include <map>
#include <string>
#include <system_error>
#include <vector>

#include "util/atomic_file.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// ".<name>.railyard-tmp-": the prefix of this destination's temporary folders (or of an earlier
// version's, with their infix).
std::string staging_prefix(const fs::path& destination, std::string_view infix = kTempMarker) {
  std::string prefix = ".";  // appended piece by piece: GCC 12 warns on "." + string
  prefix += destination.filename().string();
  prefix += infix;
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

// Best effort: a folder that cannot be listed or removed stays for the next run.
void remove_stale_staging(const fs::path& destination, const FolderKind& kind) {
  std::vector<std::string> prefixes = {staging_prefix(destination)};
  for (std::string_view infix : kind.earlier_temporaries)
    if (!infix.empty()) prefixes.push_back(staging_prefix(destination, infix));
  std::error_code error;
  fs::directory_iterator it(destination.parent_path(), error), end;
  for (; !error && it != end; it.increment(error)) {
    std::string name = it->path().filename().string();
    for (const std::string& prefix : prefixes) {
      if (name.rfind(prefix, 0) != 0) continue;
      std::string_view rest = std::string_view(name).substr(prefix.size());  // <pid>[-<n>[-old]]
      std::error_code ignored;
      if (process_is_gone(rest.substr(0, rest.find('-')))) fs::remove_all(it->path(), ignored);
    }
  }
}

std::string marker_header(const FolderKind& kind) {
  return "# made by " + std::string(kind.command) +
         ": it replaces this folder only while it holds just these files, unchanged "
         "(sha256sum -c checks them)\n";
}

// Every file under `folder` (links included, folders not), relative, in order.
std::vector<std::string> files_under(const fs::path& folder) {
  std::vector<std::string> files;
  std::error_code error;
  fs::recursive_directory_iterator it(folder, error), end;
  for (; !error && it != end; it.increment(error)) {
    std::error_code kind_error;
    if (it->is_directory(kind_error) && !it->is_symlink(kind_error)) continue;
    files.push_back(it->path().lexically_relative(folder).generic_string());
  }
  if (error) throw IoError(os_error_message(folder, "cannot list the folder", error.value()));
  std::sort(files.begin(), files.end());
  return files;
}

// The files a marker lists, with their SHA-256; false when `folder` holds no marker of `kind`.
bool read_marker(const fs::path& folder, const FolderKind& kind,
                 std::map<std::string, std::string>& files) {
  fs::path file = folder / kind.marker;
  if (!file_system::is_regular_file(file)) return false;
  std::string text = read_file_text(file), header = marker_header(kind);
  if (text.compare(0, header.size(), header) != 0) return false;
  for (std::size_t at = header.size(); at < text.size();) {
    std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = std::string_view(text).substr(at, end - at);
    if (line.size() < 67 || line.substr(64, 2) != "  ") return false;
    files.emplace(std::string(line.substr(66)), std::string(line.substr(0, 64)));
    at = end + 1;
  }
  return true;
}

// The command that made `folder`, from any railyard marker at its top ("" when none).
std::string maker_of(const fs::path& folder) {
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    std::string name = it->path().filename().string();
    if (name.rfind(".railyard-", 0) != 0 || name.find(kTempMarker) != std::string::npos) continue;
    std::string first;
    try {
      first = read_file_text(it->path()).substr(0, 200);
    } catch (const IoError&) {
      continue;
    }
    constexpr std::string_view kMade = "# made by ";
    if (first.rfind(kMade, 0) == 0)
      return first.substr(kMade.size(), first.find_first_of(":,\n") - kMade.size());
  }
  return "";
}

// An IoError about a file of the temporary folder, told of the destination's path instead: the
// user never named the temporary folder.
[[noreturn]] void rethrow_at(const IoError& e, const fs::path& staging,
                             const fs::path& destination) {
  std::string message = e.what(), from = staging.string(), told;
  std::size_t at = 0;
  for (std::size_t hit; (hit = message.find(from, at)) != std::string::npos; at = hit + from.size())
    told.append(message, at, hit - at).append(destination.string());
  throw IoError(told.append(message, at));
}

[[noreturn]] void refuse(const fs::path& destination, const FolderKind& kind,
                         const std::string& why) {
  throw OutputFolderError(destination.string() + ": not replaced: " + why + "; " +
                          std::string(kind.command) +
                          " writes into a new or empty folder, or one it made itself; choose "
                          "another or move this one away yourself");
}

// The folder's files against its marker: `fail` with the reason when they are not all listed and
// unchanged.
// The marker is read first: a folder that is not of the kind (a dataset of millions of files
// given by mistake) is refused without listing it.
template <class Fail>
void check_against_marker(const fs::path& destination, const FolderKind& kind, Fail fail) {
  std::map<std::string, std::string> listed;
  if (!read_marker(destination, kind, listed)) {
    std::string maker = maker_of(destination);
    if (maker.empty())
      fail("it was not made by " + std::string(kind.command) + " (no " + std::string(kind.marker) +
           " listing its files inside)");
    if (maker == kind.command)
      fail("its " + std::string(kind.marker) + " is not one " + std::string(kind.command) +
           " writes (edited, or made by an earlier version)");
    fail("it was made by " + maker + ", not by " + std::string(kind.command));
  }
  for (const std::string& file : files_under(destination)) {
    if (file == kind.marker) continue;
    auto it = listed.find(file);
    if (it == listed.end())
      fail("it holds '" + file + "', which " + std::string(kind.command) + " did not write");
    if (sha256_hex_of_file(destination / file) != it->second)
      fail("'" + file + "' was changed after " + std::string(kind.command) + " wrote it");
  }
}

}  // namespace

void check_destination(const fs::path& destination, const FolderKind& kind) {
  std::error_code error;
  fs::file_status status = fs::symlink_status(destination, error);
  if (status.type() == fs::file_type::not_found) return;
  if (error) throw IoError(os_error_message(destination, "cannot read its status", error.value()));
  if (status.type() == fs::file_type::symlink) refuse(destination, kind, "it is a link");
  if (status.type() != fs::file_type::directory)
    refuse(destination, kind, "it exists and is not a folder");
  if (file_system::first_file_under(destination).empty()) return;
  check_against_marker(destination, kind,
                       [&](const std::string& why) { refuse(destination, kind, why); });
}

void check_unchanged(const fs::path& folder, const FolderKind& kind) {
  auto fail = [&](const std::string& why) {
    throw OutputFolderError(folder.string() + ": not as " + std::string(kind.command) +
                            " wrote it: " + why);
  };
  if (!file_system::is_directory(folder)) fail("not a folder");
  check_against_marker(folder, kind, fail);
}

StagedFolder::StagedFolder(fs::path destination, FolderKind kind)
    : destination_(std::move(destination)), kind_(kind) {
  if (destination_.filename().empty()) destination_ = destination_.parent_path();
  if (destination_.filename().empty() || destination_.filename() == "." ||
      destination_.filename() == "..")
    throw OutputFolderError(destination_.string() + ": not a folder name to write into");
  if (destination_.parent_path().empty()) destination_ = fs::path(".") / destination_;
  check_destination(destination_, kind_);
  file_system::create_folders(destination_.parent_path());
  remove_stale_staging(destination_, kind_);
  static int counter = 0;
  for (int attempt = 0; attempt < 100 && staging_.empty(); ++attempt) {
    fs::path candidate =
        destination_.parent_path() / (staging_prefix(destination_) + std::to_string(::getpid()) +
                                      "-" + std::to_string(counter++));
    if (::mkdir(candidate.c_str(), 0777) == 0)
      staging_ = candidate;
    else if (errno != EEXIST)
      throw IoError(os_error_message(candidate, "cannot create a temporary folder", errno));
  }
  if (staging_.empty())
    throw IoError(destination_.string() + ": cannot find a free temporary folder name");
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

fs::path StagedFolder::path_for(const fs::path& relative) {
  fs::path path = staging_ / relative;
  file_system::create_folders(path.parent_path());
  return path;
}

void StagedFolder::commit() {
  if (committed_) throw IoError(destination_.string() + ": committed twice");
  if (open_files_ > 0)
    throw IoError(destination_.string() + ": a file is still being written; not committed");
  write_marker();
  check_destination(destination_, kind_);
  std::error_code error;
  if (fs::symlink_status(destination_, error).type() == fs::file_type::not_found) {
    if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, destination_.c_str(), RENAME_NOREPLACE) !=
        0)
      throw IoError(os_error_message(destination_, "cannot move the folder into place", errno));
    committed_ = true;
    return;
  }
  // Swap new and old in one step; the old folder then lies at the temporary name.
  if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, destination_.c_str(), RENAME_EXCHANGE) !=
      0) {
    if (errno != EINVAL && errno != ENOSYS)
      throw IoError(os_error_message(destination_, "cannot replace the folder", errno));
    replace_without_exchange();
  }
  committed_ = true;
  fs::remove_all(staging_, error);
}

void StagedFolder::write_marker() {
  std::string text = marker_header(kind_);
  for (const std::string& file : files_under(staging_))
    if (file != kind_.marker) text += sha256_hex_of_file(staging_ / file) + "  " + file + "\n";
  try {
    write_file_atomically(staging_ / kind_.marker, text);
  } catch (const IoError& e) {
    rethrow_at(e, staging_, destination_);
  }
}

void StagedFolder::replace_without_exchange() {
  // File systems without RENAME_EXCHANGE: the old folder steps aside for a moment.
  fs::path aside = staging_;
  aside += "-old";
  if (std::rename(destination_.c_str(), aside.c_str()) != 0)
    throw IoError(os_error_message(destination_, "cannot move the old folder aside", errno));
  if (std::rename(staging_.c_str(), destination_.c_str()) != 0) {
    int error = errno;
    std::rename(aside.c_str(), destination_.c_str());
    throw IoError(os_error_message(destination_, "cannot move the folder into place", error));
  }
  staging_ = aside;  // removed by the caller
}

StagedFile::StagedFile(StagedFolder& folder, const fs::path& relative)
    : folder_(folder), destination_(folder.destination() / relative) {
  fs::path path = folder.staging() / relative;
  try {
    file_system::create_folders(path.parent_path());
    file_ = std::make_unique<AtomicFile>(path);
  } catch (const IoError& e) {
    rethrow_at(e, folder.staging(), folder.destination());
  }
  ++folder_.open_files_;
}

StagedFile::~StagedFile() {
  if (file_) --folder_.open_files_;
}

void StagedFile::write(std::string_view text) {
  if (!file_) throw IoError(destination_.string() + ": written after close");
  try {
    file_->write(text);
  } catch (const IoError& e) {
    rethrow_at(e, folder_.staging(), folder_.destination());
  }
}

void StagedFile::close() {
  if (!file_) throw IoError(destination_.string() + ": closed twice");
  std::unique_ptr<AtomicFile> file = std::move(file_);
  --folder_.open_files_;
  try {
    file->commit();
  } catch (const IoError& e) {
    rethrow_at(e, folder_.staging(), folder_.destination());
  }
}

}  // namespace railyard
