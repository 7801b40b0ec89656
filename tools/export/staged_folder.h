// A folder that appears complete or not at all: everything is written into a temporary folder
// beside the destination, which commit() swaps into place in one rename (an existing folder
// there is replaced, then removed). Until then the destination keeps what it had; a failure or
// an exception leaves it untouched and removes the temporary folder.
#pragma once

#include <filesystem>
#include <memory>
#include <string_view>

namespace railyard {
class AtomicFile;
}

namespace railyard::exports {

class StagedFolder {
 public:
  // Creates the destination's parent folders and the temporary folder. Temporary folders of
  // earlier runs for the same destination whose process is gone are removed first. Throws
  // ExportError naming the path.
  explicit StagedFolder(std::filesystem::path destination);
  ~StagedFolder();
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;

  // Writes a file at a path relative to the folder, creating subfolders. Throws ExportError
  // naming the destination's path of the file (disk full, permissions, ...).
  void write(const std::filesystem::path& relative, std::string_view text);

  // Moves the folder into place. Throws ExportError when a StagedFile is still open, the
  // destination is a file or the rename fails; the destination is then as it was.
  void commit();

  const std::filesystem::path& destination() const { return destination_; }
  const std::filesystem::path& staging() const { return staging_; }

 private:
  void replace_without_exchange();

  std::filesystem::path destination_;
  std::filesystem::path staging_;
  bool committed_ = false;
  int open_files_ = 0;  // StagedFiles not yet closed

  friend class StagedFile;
};

}  // namespace railyard::exports

namespace railyard::exports {

// A file of a staged folder written piece by piece, for files too large to build in memory.
class StagedFile {
 public:
  // Throws ExportError naming the destination's path of the file.
  StagedFile(StagedFolder& folder, const std::filesystem::path& relative);
  ~StagedFile();  // an unclosed file is left out of the folder
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  void write(std::string_view text);  // throws ExportError (disk full, ...)
  void close();                       // throws ExportError

 private:
  StagedFolder& folder_;
  std::filesystem::path destination_;  // for messages
  std::unique_ptr<AtomicFile> file_;   // null once closed
};

}  // namespace railyard::exports
