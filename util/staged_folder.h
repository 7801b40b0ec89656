// A folder that a command writes whole, and that replaces only a folder of its own kind that it
// made and nobody changed since: every command that writes a folder (export, worlds, score,
// --compare) goes through it.
//
// Everything is written into a temporary folder beside the destination, which commit() swaps into
// place in one rename; until then the destination keeps what it had, and a failure or an exception
// removes the temporary folder. Temporary folders of earlier runs for the same destination whose
// process is gone (kill -9) are removed by the next run.
//
// Each such folder carries its kind's marker file: a header naming the command, then one line per
// file it holds in sha256sum's format ("<sha256>  <path>"; `sha256sum -c` checks it). A
// destination is taken when it is missing or an empty folder; one of the same kind whose files are
// all listed and unchanged is replaced; everything else (a dataset, a folder of another kind, a
// file a person added or edited, a link) is refused naming the folder and the file, before any
// work and again just before the swap.
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <string_view>

#include "util/input_error.h"

namespace railyard {

class AtomicFile;
class Sha256;

// A destination that may not be written: the message names the folder and, where one is at
// fault, the file.
class OutputFolderError : public InputError {
 public:
  using InputError::InputError;
};

// The kind of folder a command writes.
struct FolderKind {
  std::string_view command;  // for messages and the marker's header: "railyard export"
  std::string_view marker;   // the marker file's name: ".railyard-export"
  // Infixes of temporary folders earlier versions left (".<name><infix><pid>"), removed too once
  // their process is gone.
  std::array<std::string_view, 2> earlier_temporaries{};
};

// Throws OutputFolderError unless a folder of `kind` may be written at `destination` (see above);
// IoError when the file system cannot tell.
void check_destination(const std::filesystem::path& destination, const FolderKind& kind);

// For a reader that trusts such a folder: throws OutputFolderError naming the folder and the file
// unless `folder` is one of `kind` whose files are all listed and unchanged.
void check_unchanged(const std::filesystem::path& folder, const FolderKind& kind);

class StagedFolder {
 public:
  // Checks the destination, creates its parent folders and the temporary folder.
  StagedFolder(std::filesystem::path destination, FolderKind kind);
  ~StagedFolder();
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;

  // Writes a file at a path relative to the folder, creating subfolders. IoError names the
  // destination's path of the file (disk full, permissions, ...).
  void write(const std::filesystem::path& relative, std::string_view text);
  // The temporary path of a file for writers that take a path (a PNG encoder); its subfolders
  // are created. The file is part of the folder once it exists at commit.
  std::filesystem::path path_for(const std::filesystem::path& relative);

  // Writes the marker (every file of the temporary folder, hashed), checks the destination again
  // and moves the folder into place. Throws when a StagedFile is still open, the destination may
  // not be replaced or the rename fails; the destination is then as it was.
  void commit();

  const std::filesystem::path& destination() const { return destination_; }
  const std::filesystem::path& staging() const { return staging_; }

 private:
  void replace_without_exchange();
  void write_marker();

  std::filesystem::path destination_;
  FolderKind kind_;
  std::filesystem::path staging_;
  bool committed_ = false;
  int open_files_ = 0;  // StagedFiles not yet closed

  friend class StagedFile;
};

// A file of a staged folder written piece by piece, for files too large to build in memory.
class StagedFile {
 public:
  // Throws IoError naming the destination's path of the file.
  StagedFile(StagedFolder& folder, const std::filesystem::path& relative);
  ~StagedFile();  // an unclosed file is left out of the folder
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  void write(std::string_view text);  // throws IoError (disk full, ...)
  void close();                       // throws IoError

 private:
  StagedFolder& folder_;
  std::filesystem::path destination_;  // for messages
  std::unique_ptr<AtomicFile> file_;   // null once closed
};

}  // namespace railyard
