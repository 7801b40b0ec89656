// Writes the shards of one folder into a staged folder (util/staged_folder.h): units come split
// by split, ascending within a split; each split's units are cut into shards of
// `samples_per_shard` units (train-000000.tar, train-000001.tar, ...), each streamed to disk and
// hashed as it is written, so memory stays constant whatever the dataset's size.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/shards/tar_shard.h"
#include "util/staged_folder.h"

namespace railyard {

class ShardWriter {
 public:
  // `subfolder`: where in the staged folder the shards go ("" for its top).
  ShardWriter(StagedFolder& folder, std::filesystem::path subfolder,
              std::uint64_t samples_per_shard);
  ~ShardWriter();

  // The archive that unit `key` (its number) of `split` is to be written into: the current
  // shard, or a new one when the split changes or the shard is full.
  TarWriter& unit(const std::string& split, std::uint64_t key);
  // Ends the last shard; the entries of all of them, in the order written.
  std::vector<ShardEntry> finish();

 private:
  void end_shard();

  StagedFolder& folder_;
  std::filesystem::path subfolder_;
  std::uint64_t samples_per_shard_;
  std::unique_ptr<StagedFile> file_;
  std::unique_ptr<TarShard> shard_;
  std::string split_;         // of the current shard
  std::uint64_t number_ = 0;  // of the current shard in its split
  std::vector<ShardEntry> done_;
};

}  // namespace railyard
