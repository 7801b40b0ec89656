#include "util/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "util/io_error.h"

namespace railyard {
namespace {

std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a fifo";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

}  // namespace

int open_regular_file(const std::filesystem::path& path) {
  // O_NONBLOCK: opening a fifo for reading would wait for a writer forever.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw IoError(os_error_message(path, "cannot open", errno));
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    int error = errno;
    ::close(fd);
    throw IoError(os_error_message(path, "cannot read its status", error));
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    throw IoError(path.string() + ": " + file_kind(info.st_mode) + ", not a regular file");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

std::ifstream open_input_stream(const std::filesystem::path& path) {
  ::close(open_regular_file(path));  // refuses what is not a regular file, without waiting
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(os_error_message(path, "cannot open", errno));
  return in;
}

void read_file_in_pieces(const std::filesystem::path& path,
                         const std::function<void(std::span<const std::uint8_t>)>& piece) {
  int fd = open_regular_file(path);
  std::uint8_t chunk[1 << 16];
  for (;;) {
    ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      int error = errno;
      ::close(fd);
      throw IoError(os_error_message(path, "cannot read", error));
    }
    piece(std::span<const std::uint8_t>(chunk, static_cast<std::size_t>(got)));
  }
  ::close(fd);
}

std::vector<std::uint8_t> read_file_bytes(const std::filesystem::path& path) {
  std::vector<std::uint8_t> bytes;
  std::error_code unknown;  // only a guess at the size to reserve
  std::uintmax_t size = std::filesystem::file_size(path, unknown);
  if (!unknown && size < (std::uintmax_t{1} << 40)) bytes.reserve(static_cast<std::size_t>(size));
  read_file_in_pieces(path, [&](std::span<const std::uint8_t> piece) {
    bytes.insert(bytes.end(), piece.begin(), piece.end());
  });
  return bytes;
}

std::string read_file_text(const std::filesystem::path& path) {
  auto bytes = read_file_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace railyard
