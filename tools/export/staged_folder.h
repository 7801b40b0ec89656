// A folder that appears complete or not at all: everything is written into a temporary folder
// beside the destination, which commit() swaps into place in one rename (an existing folder
// there is replaced, then removed). Until then the destination keeps what it had; a failure or
// an exception leaves it untouched and removes the temporary folder.
//
// Only a folder an export made itself is ever replaced: each export folder carries a marker file
// (kExportMarker) listing the files it wrote. A destination that is missing or empty is taken;
// one without the marker (a dataset, a home folder, anything else), or holding a file the marker
// does not list (something a person added), is refused, naming the folder, before any work.
#pragma once

#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

namespace railyard {
class AtomicFile;
}

namespace railyard::exports {

// The marker file of an export folder: a header line, then one relative path per file written.
inline constexpr std::string_view kExportMarker = ".railyard-export";

// Throws ExportError naming the folder unless an export may write `destination`: it does not
// exist, is an empty folder, or is an export folder holding only the files its marker lists.
void check_export_destination(const std::filesystem::path& destination);

class StagedFolder {
 public:
  // Checks the destination (check_export_destination), creates its parent folders and the
  // temporary folder. Temporary folders of earlier runs for the same destination whose process
  // is gone are removed first. Throws ExportError naming the path.
  explicit StagedFolder(std::filesystem::path destination);
  ~StagedFolder();
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;

  // Writes a file at a path relative to the folder, creating subfolders. Throws ExportError
  // naming the destination's path of the file (disk full, permissions, ...).
  void write(const std::filesystem::path& relative, std::string_view text);

  // Writes the marker, checks the destination again and moves the folder into place. Throws
  // ExportError when a StagedFile is still open, the destination may not be replaced or the
  // rename fails; the destination is then as it was.
  void commit();

  const std::filesystem::path& destination() const { return destination_; }
  const std::filesystem::path& staging() const { return staging_; }

 private:
  void replace_without_exchange();
  void write_marker();

  std::filesystem::path destination_;
  std::filesystem::path staging_;
  bool committed_ = false;
  int open_files_ = 0;                          // StagedFiles not yet closed
  std::vector<std::filesystem::path> written_;  // relative paths of the closed files

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
  std::filesystem::path relative_;     // within the folder, for its marker
  std::filesystem::path destination_;  // for messages
  std::unique_ptr<AtomicFile> file_;   // null once closed
};

}  // namespace railyard::exports
