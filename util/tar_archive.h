// POSIX tar archives (ustar), written and read by libarchive, in constant memory whatever their
// size. The writer fixes every header field that is not the member's name and size (mode 0644,
// owner 0:0 without names, mtime 0), so the same members in the same order give the same bytes:
// an archive is a reproducible output, not a snapshot of a file system.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "util/input_error.h"

namespace railyard {

// An archive that is not a tar archive, is truncated, or holds something other than plain files:
// the message names the archive and, where one is at fault, the member.
class ArchiveError : public InputError {
 public:
  using InputError::InputError;
};

// Receives every byte of an archive, in order.
using ByteSink = std::function<void(std::string_view)>;

class TarWriter {
 public:
  // `name` names the archive in messages (the file it will become).
  TarWriter(std::string name, ByteSink sink);
  ~TarWriter();
  TarWriter(const TarWriter&) = delete;
  TarWriter& operator=(const TarWriter&) = delete;

  void add(std::string_view member, std::string_view bytes);
  // The file's bytes as a member, copied in pieces. IoError naming the file when it cannot be read
  // or changes size while it is copied.
  void add_file(std::string_view member, const std::filesystem::path& file);
  // Writes the end of the archive; nothing may be added after it.
  void close();
  std::uint64_t bytes() const;  // handed to the sink so far

 private:
  struct State;
  std::unique_ptr<State> state_;
};

struct TarMember {
  std::string name;
  std::uint64_t size = 0;
};

class TarReader {
 public:
  // IoError when the file cannot be opened.
  explicit TarReader(const std::filesystem::path& file);
  ~TarReader();
  TarReader(const TarReader&) = delete;
  TarReader& operator=(const TarReader&) = delete;

  // The next member, or nullopt at the end of the archive. ArchiveError naming the archive (and
  // the member before it) when the archive is damaged, or the member is not a plain file.
  std::optional<TarMember> next();
  // The current member's bytes, in pieces; ArchiveError when they end early.
  void read(const std::function<void(std::string_view)>& piece);
  // The same, whole; ArchiveError when the member is larger than `at_most` bytes (a record that
  // claims gigabytes is refused before anything is allocated).
  std::string read_all(std::uint64_t at_most);

  // At the end of the archive: every byte of the file, its count and SHA-256 (the trailing zero
  // blocks included), as an index states them.
  std::uint64_t file_bytes() const;
  std::string file_sha256();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace railyard
