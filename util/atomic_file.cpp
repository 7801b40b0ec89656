#include "util/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <string>
#include <system_error>
#include <vector>

#include "util/io_error.h"

namespace railyard {
namespace {

std::atomic<std::uint64_t> temp_counter{0};

constexpr std::size_t kGathered = 256 * 1024;  // bytes of small writes gathered before a write()

std::filesystem::path temp_name_for(const std::filesystem::path& final_path) {
  std::string name = ".";
  name += final_path.filename().string();
  name += kTempMarker;
  name += std::to_string(::getpid());
  name += '-';
  name += std::to_string(temp_counter.fetch_add(1));
  return final_path.parent_path() / name;
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path final_path, bool sync)
    : final_path_(std::move(final_path)), sync_(sync) {
  if (final_path_.filename().empty()) throw IoError(final_path_.string() + ": not a file name");
  // O_EXCL: never reuse another writer's temporary; 0666 lets the umask decide permissions as for
  // any ordinary file.
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temp_path_ = temp_name_for(final_path_);
    fd_ = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0 && errno != EEXIST && errno != EINTR)
      throw IoError(
          os_error_message(final_path_, "cannot create a temporary file next to it", errno));
  }
  if (fd_ < 0) throw IoError(final_path_.string() + ": cannot find a free temporary file name");
}

AtomicFile::~AtomicFile() {
  discard();
}

void AtomicFile::discard() noexcept {
  pending_.clear();
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
    ::unlink(temp_path_.c_str());
  }
}

void AtomicFile::write(std::span<const std::byte> bytes) {
  if (fd_ < 0) throw IoError(final_path_.string() + ": write after commit");
  if (pending_.size() + bytes.size() <= kGathered) {
    pending_.insert(pending_.end(), bytes.begin(), bytes.end());
    return;
  }
  flush();
  if (bytes.size() <= kGathered) return write(bytes);
  write_through(bytes);
}

void AtomicFile::flush() {
  if (pending_.empty()) return;
  write_through(pending_);
  pending_.clear();
}

void AtomicFile::write_through(std::span<const std::byte> bytes) {
  const std::byte* data = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    ssize_t written = ::write(fd_, data, left);
    if (written < 0) {
      if (errno == EINTR) continue;
      int error = errno;
      discard();
      throw IoError(os_error_message(final_path_, "cannot write", error));
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
}

void AtomicFile::write(std::string_view text) {
  write(std::as_bytes(std::span(text)));
}

void AtomicFile::write(std::span<const std::uint8_t> bytes) {
  write(std::as_bytes(bytes));
}

void AtomicFile::commit() {
  if (fd_ < 0) throw IoError(final_path_.string() + ": commit after commit or failure");
  flush();
  if (sync_ && ::fsync(fd_) != 0) {
    int error = errno;
    discard();
    throw IoError(os_error_message(final_path_, "cannot sync", error));
  }
  // close() reports deferred write errors on some file systems (NFS, quotas).
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    int error = errno;
    ::unlink(temp_path_.c_str());
    throw IoError(os_error_message(final_path_, "cannot write", error));
  }
  if (std::rename(temp_path_.c_str(), final_path_.c_str()) != 0) {
    int error = errno;
    ::unlink(temp_path_.c_str());
    throw IoError(
        os_error_message(final_path_, "cannot rename the temporary file into place", error));
  }
}

void write_file_atomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

void write_file_atomically(const std::filesystem::path& path, std::string_view text) {
  AtomicFile file(path);
  file.write(text);
  file.commit();
}

bool is_temp_file_name(std::string_view file_name) {
  return !file_name.empty() && file_name.front() == '.' &&
         file_name.find(kTempMarker) != std::string_view::npos;
}

namespace {

// Removes the temporaries among a folder's entries that `wanted` accepts (by file name); folders
// too when `subfolders` is given, which then receives the other folders. Returns how many were
// removed; a missing folder has none.
template <typename Wanted>
int remove_temporaries(const std::filesystem::path& folder, Wanted wanted,
                       std::vector<std::filesystem::path>* subfolders = nullptr) {
  std::error_code error;
  std::filesystem::directory_iterator it(folder, error);
  if (error) {
    if (error == std::errc::no_such_file_or_directory) return 0;
    throw IoError(os_error_message(folder, "cannot list", error.value()));
  }
  int removed = 0;
  for (const auto& entry : it) {
    bool is_folder = entry.is_directory(error) && !entry.is_symlink(error);
    std::string name = entry.path().filename().string();
    if (!is_temp_file_name(name) || !wanted(name)) {
      if (is_folder && subfolders) subfolders->push_back(entry.path());
      continue;
    }
    if (is_folder ? !subfolders : !entry.is_regular_file(error)) continue;
    std::filesystem::remove_all(entry.path(), error);
    if (error) throw IoError(os_error_message(entry.path(), "cannot remove", error.value()));
    ++removed;
  }
  return removed;
}

bool any_name(const std::string&) {
  return true;
}

}  // namespace

int remove_stale_temp_files(const std::filesystem::path& folder) {
  return remove_temporaries(folder, any_name);
}

int remove_stale_temp_files(const std::filesystem::path& folder, std::string_view final_name) {
  std::string prefix = "." + std::string(final_name) + std::string(kTempMarker);
  return remove_temporaries(folder,
                            [&](const std::string& name) { return name.rfind(prefix, 0) == 0; });
}

int remove_stale_temporaries_under(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> folders{root};
  int removed = 0;
  while (!folders.empty()) {
    std::filesystem::path folder = std::move(folders.back());
    folders.pop_back();
    removed += remove_temporaries(folder, any_name, &folders);
  }
  return removed;
}

}  // namespace railyard
