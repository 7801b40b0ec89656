#include "util/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <string>
#include <system_error>

#include "util/io_error.h"

namespace railyard {
namespace {

std::atomic<std::uint64_t> temp_counter{0};

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
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
    ::unlink(temp_path_.c_str());
  }
}

void AtomicFile::write(std::span<const std::byte> bytes) {
  if (fd_ < 0) throw IoError(final_path_.string() + ": write after commit");
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

int remove_stale_temp_files(const std::filesystem::path& folder) {
  std::error_code error;
  std::filesystem::directory_iterator it(folder, error);
  if (error) {
    if (error == std::errc::no_such_file_or_directory) return 0;
    throw IoError(os_error_message(folder, "cannot list", error.value()));
  }
  int removed = 0;
  for (const auto& entry : it) {
    if (!is_temp_file_name(entry.path().filename().string())) continue;
    if (!entry.is_regular_file()) continue;
    if (!std::filesystem::remove(entry.path(), error) && error)
      throw IoError(os_error_message(entry.path(), "cannot remove", error.value()));
    ++removed;
  }
  return removed;
}

}  // namespace railyard
