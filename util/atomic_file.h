// Files that appear complete or not at all. Content goes to a temporary file in the destination's
// folder and is renamed into place on commit(), so a run killed at any moment (kill -9 included)
// never leaves a truncated file at the final path; rename within one folder is atomic on POSIX.
// A killed run can leave temporaries behind: their names carry kTempMarker, and
// remove_stale_temp_files() clears them before a resumed run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

namespace railyard {

// Temporaries are named ".<final name>.railyard-tmp-<pid>-<n>" in the destination's folder.
inline constexpr std::string_view kTempMarker = ".railyard-tmp-";

class AtomicFile {
 public:
  // Creates the temporary file. Throws IoError naming the path when the folder is missing or not
  // writable. sync: fsync before the rename, for durability against power loss (not needed
  // against killed processes, and slow on some file systems).
  explicit AtomicFile(std::filesystem::path final_path, bool sync = false);
  ~AtomicFile();  // removes the temporary unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Appends bytes; small pieces are gathered into one system call (a COCO file is written an
  // annotation at a time). Throws IoError (disk full, quota, I/O error), here or at commit();
  // the final path is untouched.
  void write(std::span<const std::byte> bytes);
  void write(std::string_view text);
  void write(std::span<const std::uint8_t> bytes);

  // Closes the temporary and renames it to the final path, replacing any file there.
  void commit();

  const std::filesystem::path& final_path() const { return final_path_; }
  const std::filesystem::path& temp_path() const { return temp_path_; }

 private:
  void write_through(std::span<const std::byte> bytes);
  void flush();
  void discard() noexcept;

  std::filesystem::path final_path_;
  std::filesystem::path temp_path_;
  int fd_ = -1;
  bool sync_ = false;
  std::vector<std::byte> pending_;  // gathered small writes
};

// Whole-content conveniences.
void write_file_atomically(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

// Deletes temporaries of AtomicFile in a folder (not recursively), left by a killed run. Only safe
// while no other process writes into that folder. Returns how many were removed.
int remove_stale_temp_files(const std::filesystem::path& folder);

// The same for the temporaries of one final file name only (".<name>.railyard-tmp-*"), for a
// folder that other runs share (dataset descriptions, a suite's summary).
int remove_stale_temp_files(const std::filesystem::path& folder, std::string_view final_name);

// Deletes every temporary file and temporary folder (a staged export's) under `root`, at any
// depth, without entering temporary folders. Only safe while no other process writes under root.
// Returns how many were removed.
int remove_stale_temporaries_under(const std::filesystem::path& root);

bool is_temp_file_name(std::string_view file_name);

}  // namespace railyard
