#include "util/tar_archive.h"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <exception>
#include <utility>

#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/io_error.h"

namespace railyard {
namespace {

constexpr std::size_t kPiece = 1 << 20;

// libarchive calls back into C++ through C: an exception is kept and rethrown once the call
// into libarchive has returned.
struct Pending {
  std::exception_ptr error;
  void rethrow() {
    if (error) std::rethrow_exception(std::exchange(error, nullptr));
  }
};

// A file descriptor closed with its owner.
struct Fd {
  int fd = -1;
  explicit Fd(int descriptor = -1) : fd(descriptor) {}
  Fd(Fd&& other) noexcept : fd(std::exchange(other.fd, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    std::swap(fd, other.fd);
    return *this;
  }
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

Fd open_for_reading(const std::filesystem::path& file) {
  Fd f{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0) throw IoError(os_error_message(file, "cannot open", errno));
  return f;
}

// Reads up to `size` bytes; IoError on a read fault.
std::size_t read_some(int fd, char* buffer, std::size_t size, const std::filesystem::path& file) {
  for (;;) {
    ssize_t n = ::read(fd, buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) throw IoError(os_error_message(file, "cannot read", errno));
  }
}

}  // namespace

struct TarWriter::State {
  std::string name;
  ByteSink sink;
  archive* writer = archive_write_new();  // freed with the state, whatever threw
  std::uint64_t bytes = 0;
  Pending pending;
  bool closed = false;

  ~State() {
    if (!closed) archive_write_fail(writer);  // no end blocks for an archive left unfinished
    archive_write_free(writer);
  }

  [[noreturn]] void fail(std::string_view member) {
    pending.rethrow();
    throw IoError(name + ": member '" + std::string(member) +
                  "': " + (archive_error_string(writer) ? archive_error_string(writer) : "?"));
  }
  void header(std::string_view member, std::uint64_t size) {
    if (closed) throw std::logic_error(name + ": member added after close");
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, std::string(member).c_str());
    archive_entry_set_size(entry, static_cast<la_int64_t>(size));
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_perm(entry, 0644);
    archive_entry_set_mtime(entry, 0, 0);
    archive_entry_set_uid(entry, 0);
    archive_entry_set_gid(entry, 0);
    int status = archive_write_header(writer, entry);
    archive_entry_free(entry);
    if (status != ARCHIVE_OK) fail(member);
  }
  void data(std::string_view member, std::string_view bytes) {
    if (!bytes.empty() && archive_write_data(writer, bytes.data(), bytes.size()) !=
                              static_cast<la_ssize_t>(bytes.size()))
      fail(member);
  }
};

TarWriter::TarWriter(std::string name, ByteSink sink) : state_(std::make_unique<State>()) {
  state_->name = std::move(name);
  state_->sink = std::move(sink);
  archive_write_set_format_ustar(state_->writer);
  archive_write_add_filter_none(state_->writer);
  archive_write_set_bytes_per_block(state_->writer, 10240);  // tar's own default
  auto write = [](archive*, void* client, const void* buffer, std::size_t length) -> la_ssize_t {
    auto* state = static_cast<State*>(client);
    try {
      state->sink(std::string_view(static_cast<const char*>(buffer), length));
      state->bytes += length;
      return static_cast<la_ssize_t>(length);
    } catch (...) {
      state->pending.error = std::current_exception();
      return -1;
    }
  };
  if (archive_write_open(state_->writer, state_.get(), nullptr, write, nullptr) != ARCHIVE_OK)
    state_->fail("");
}

TarWriter::~TarWriter() = default;

void TarWriter::add(std::string_view member, std::string_view bytes) {
  state_->header(member, bytes.size());
  state_->data(member, bytes);
}

void TarWriter::add_file(std::string_view member, const std::filesystem::path& file) {
  Fd in = open_for_reading(file);
  std::uint64_t size = file_system::file_size(file), copied = 0;
  state_->header(member, size);
  std::string buffer(kPiece, '\0');
  while (std::size_t n = read_some(in.fd, buffer.data(), buffer.size(), file)) {
    copied += n;
    if (copied > size) break;
    state_->data(member, std::string_view(buffer.data(), n));
  }
  if (copied != size) throw IoError(file.string() + ": changed size while it was archived");
}

void TarWriter::close() {
  if (state_->closed) return;
  if (archive_write_close(state_->writer) != ARCHIVE_OK) state_->fail("");
  state_->closed = true;
}

std::uint64_t TarWriter::bytes() const {
  return state_->bytes;
}

struct TarReader::State {
  std::filesystem::path file;
  Fd in;
  archive* reader = archive_read_new();  // freed with the state, whatever threw
  Sha256 digest;
  std::uint64_t bytes = 0;
  std::string buffer = std::string(kPiece, '\0');
  Pending pending;
  std::string member;  // the current one, for messages
  std::uint64_t member_size = 0;
  std::string previous;
  bool ended = false;

  ~State() { archive_read_free(reader); }

  [[noreturn]] void fail(std::string_view what) {
    pending.rethrow();
    std::string where = member.empty() ? (previous.empty() ? std::string(" at its start")
                                                           : " after member '" + previous + "'")
                                       : " in member '" + member + "'";
    throw ArchiveError(file.string() + ":" + where + ": " + std::string(what));
  }
  std::string_view library_error() const {
    const char* text = archive_error_string(reader);
    return text ? text : "not a readable tar archive";
  }
  std::size_t pull() {
    std::size_t n = read_some(in.fd, buffer.data(), buffer.size(), file);
    digest.update(std::string_view(buffer.data(), n));
    bytes += n;
    return n;
  }
};

TarReader::TarReader(const std::filesystem::path& file) : state_(std::make_unique<State>()) {
  state_->file = file;
  state_->in = open_for_reading(file);
  archive_read_support_format_tar(state_->reader);
  auto read = [](archive*, void* client, const void** buffer) -> la_ssize_t {
    auto* state = static_cast<State*>(client);
    try {
      std::size_t n = state->pull();
      *buffer = state->buffer.data();
      return static_cast<la_ssize_t>(n);
    } catch (...) {
      state->pending.error = std::current_exception();
      return -1;
    }
  };
  if (archive_read_open(state_->reader, state_.get(), nullptr, read, nullptr) != ARCHIVE_OK)
    state_->fail(state_->library_error());
}

TarReader::~TarReader() = default;

std::optional<TarMember> TarReader::next() {
  State& s = *state_;
  if (s.ended) return std::nullopt;
  if (!s.member.empty()) s.previous = std::exchange(s.member, "");
  archive_entry* entry = nullptr;
  int status = archive_read_next_header(s.reader, &entry);
  if (status == ARCHIVE_EOF) {
    s.ended = true;
    while (s.pull() > 0) {
    }  // the zero blocks after the end, into the file's digest
    return std::nullopt;
  }
  if (status != ARCHIVE_OK) s.fail(s.library_error());
  s.member = archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "";
  if (archive_entry_filetype(entry) != AE_IFREG) s.fail("not a plain file");
  if (!archive_entry_size_is_set(entry) || archive_entry_size(entry) < 0) s.fail("no size");
  s.member_size = static_cast<std::uint64_t>(archive_entry_size(entry));
  return TarMember{s.member, s.member_size};
}

void TarReader::read(const std::function<void(std::string_view)>& piece) {
  State& s = *state_;
  std::array<char, 1 << 16> block;
  for (;;) {
    la_ssize_t n = archive_read_data(s.reader, block.data(), block.size());
    if (n == 0) return;
    if (n < 0) s.fail(s.library_error());
    piece(std::string_view(block.data(), static_cast<std::size_t>(n)));
  }
}

std::string TarReader::read_all(std::uint64_t at_most) {
  if (state_->member_size > at_most)
    state_->fail("larger than the " + std::to_string(at_most) + " bytes such a member may hold");
  std::string out;
  out.reserve(state_->member_size);
  read([&](std::string_view piece) {
    if (out.size() + piece.size() > at_most) state_->fail("more bytes than its header says");
    out.append(piece);
  });
  return out;
}

std::uint64_t TarReader::file_bytes() const {
  return state_->bytes;
}

std::string TarReader::file_sha256() {
  return state_->digest.hex();
}

}  // namespace railyard
