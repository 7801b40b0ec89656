#include "tools/lib/dataset/writer_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "logic/errors.h"
#include "util/io_error.h"

namespace railyard {
namespace {

// Opens (creating) a lock file and takes the lock without waiting. Returns -1 when another
// process holds it; throws IoError when the file cannot be opened or locked for another reason.
int try_lock(const std::filesystem::path& file, int operation) {
  int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) throw IoError(os_error_message(file, "cannot open the run lock", errno));
  if (::flock(fd, operation | LOCK_NB) == 0) return fd;
  int error = errno;
  ::close(fd);
  if (error == EWOULDBLOCK) return -1;
  throw IoError(os_error_message(file, "cannot lock", error));
}

std::string busy_message(const DatasetPaths& paths, const std::string& what) {
  return "another railyard process is " + what + " " + paths.root().string() +
         "; wait for it to finish, or write into another output folder";
}

}  // namespace

WriterLock WriterLock::for_run(const DatasetPaths& paths, const Shard& shard) {
  WriterLock lock;
  auto folder_lock = paths.runs() / ".writers.lock";
  if (shard.whole()) {
    lock.folder_fd_ = try_lock(folder_lock, LOCK_EX);
    if (lock.folder_fd_ < 0) throw ConfigError(busy_message(paths, "writing"));
    lock.exclusive_ = true;
    return lock;
  }
  lock.folder_fd_ = try_lock(folder_lock, LOCK_SH);
  if (lock.folder_fd_ < 0) throw ConfigError(busy_message(paths, "writing or merging"));
  std::string name = "shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count);
  lock.shard_fd_ = try_lock(paths.runs() / (".shard-" + std::to_string(shard.index) + "-of-" +
                                            std::to_string(shard.count) + ".lock"),
                            LOCK_EX);
  if (lock.shard_fd_ < 0) throw ConfigError(busy_message(paths, "rendering " + name + " of"));
  return lock;
}

WriterLock WriterLock::for_merge(const DatasetPaths& paths) {
  WriterLock lock;
  lock.folder_fd_ = try_lock(paths.runs() / ".writers.lock", LOCK_EX);
  if (lock.folder_fd_ < 0) throw ConfigError(busy_message(paths, "still writing"));
  lock.exclusive_ = true;
  return lock;
}

WriterLock::WriterLock(WriterLock&& other) noexcept
    : folder_fd_(other.folder_fd_), shard_fd_(other.shard_fd_), exclusive_(other.exclusive_) {
  other.folder_fd_ = other.shard_fd_ = -1;
}

WriterLock::~WriterLock() {
  if (shard_fd_ >= 0) ::close(shard_fd_);
  if (folder_fd_ >= 0) ::close(folder_fd_);
}

}  // namespace railyard
