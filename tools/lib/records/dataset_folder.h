// A finished dataset folder as its readers see it (`railyard export`, `railyard verify`, pairs):
// opened once and checked once, so that no reader trusts a folder that contradicts itself. Open
// refuses, naming the file and the fault: a missing or garbage manifest (naming the line and key,
// dataset_manifest.h), a missing, stray or
// surplus record file, a split file that is missing, lists an index twice, lists one that is not
// a sample, or leaves a sample in no split or in two (train/test leakage), a subset outside the
// train split. read_record() refuses a record that belongs to another index; a reader of every
// record feeds their bytes to a digest and checks it against the manifest's at the end
// (check_records_digest), so an edited record is refused, not read as the truth.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/lib/records/dataset_manifest.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/formats/split_names.h"
#include "tools/lib/records/json/dataset_error.h"
#include "util/content_hash.h"

namespace railyard {

// One split file: splits/<name>.txt and the indices it lists, ascending.
struct SplitFile {
  std::string name;  // "train", "val", "test", "train_100", "labelled", ...
  std::vector<std::uint64_t> indices;
};

class DatasetFolder {
 public:
  // Throws DatasetError (IoError when the disk fails).
  static DatasetFolder open(const std::filesystem::path& root);

  const DatasetPaths& paths() const { return paths_; }
  const std::filesystem::path& root() const { return paths_.root(); }
  std::uint64_t count() const { return count_; }
  const DatasetManifest& manifest() const { return manifest_; }

  // "train", "val" or "test": the split that holds the sample.
  const std::string& split_of(std::uint64_t index) const;
  // train, val, test, then any subsets and the supervision files, as on disk.
  const std::vector<SplitFile>& split_files() const { return splits_; }

  // Reads records/<index>.json. Throws DatasetError naming the file when it is not a record of
  // this index (unreadable, malformed, or another sample's).
  SampleRecord read_record(std::uint64_t index) const;
  // The same, its bytes fed to `digest` (the records' digest is of every record in index order).
  // With RecordDetail::Truth, without its annotations (sample_record.h).
  SampleRecord read_record(std::uint64_t index, Sha256& digest,
                           RecordDetail detail = RecordDetail::Whole) const;
  // Throws DatasetError naming records/ when the manifest keeps the records' SHA-256 and
  // `digest`, fed every record in index order, differs: a record was edited or replaced.
  void check_records_digest(Sha256& digest) const;

 private:
  explicit DatasetFolder(std::filesystem::path root) : paths_(std::move(root)) {}
  void read_manifest();
  void check_records() const;
  void read_splits();

  DatasetPaths paths_;
  DatasetManifest manifest_;
  std::uint64_t count_ = 0;
  std::vector<SplitFile> splits_;
  std::vector<std::uint8_t> split_of_;  // per sample: 1 + its position among train, val, test
};

// Reads a split file: one index per line. Throws DatasetError naming file and line.
SplitFile read_split_file(const std::filesystem::path& file);

}  // namespace railyard
