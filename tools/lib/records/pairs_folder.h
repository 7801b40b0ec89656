// A finished pairs folder (railyard intervene) as its readers see it: the manifest names the two
// sides, each a finished dataset (dataset_folder.h) of as many samples as there are pairs, and
// pairs.jsonl has one line per pair (pair_record.h), pair p pairing sample p of each side. Open
// refuses, naming the file (the line) and the key, a folder whose files do not read or whose sides
// no longer align.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/lib/records/dataset_folder.h"
#include "tools/lib/records/pair_record.h"
#include "tools/lib/records/pairs_manifest.h"

namespace railyard {

class PairsFolder {
 public:
  // True when `root` holds pairs.jsonl: a pairs folder rather than a dataset.
  static bool is_pairs_folder(const std::filesystem::path& root);

  // Throws DatasetError (IoError when the disk fails).
  static PairsFolder open(const std::filesystem::path& root);

  const std::filesystem::path& root() const { return root_; }
  const DatasetFolder& base() const { return base_; }
  const DatasetFolder& intervened() const { return intervened_; }
  std::uint64_t pairs() const { return records_.size(); }
  // pairs.jsonl, line p pair p (checked against both sides when opened).
  const std::vector<PairRecord>& pair_records() const { return records_; }
  const PairsManifest& manifest() const { return manifest_; }
  // pairs/<p>.json: pair p's own record, the source of line p of pairs.jsonl.
  std::filesystem::path pair_file(std::uint64_t pair) const { return pair_file(root_, pair); }
  static std::filesystem::path pair_files(const std::filesystem::path& root) {
    return root / "pairs";
  }
  static std::filesystem::path pair_file(const std::filesystem::path& root, std::uint64_t pair) {
    return pair_files(root) / (std::to_string(pair) + ".json");
  }

 private:
  PairsFolder(std::filesystem::path root, PairsManifest manifest, DatasetFolder base,
              DatasetFolder intervened, std::vector<PairRecord> records)
      : root_(std::move(root)),
        manifest_(std::move(manifest)),
        base_(std::move(base)),
        intervened_(std::move(intervened)),
        records_(std::move(records)) {}

  std::filesystem::path root_;
  PairsManifest manifest_;
  DatasetFolder base_, intervened_;
  std::vector<PairRecord> records_;
};

}  // namespace railyard
