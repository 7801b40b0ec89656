// The members of one unit of a shard before they are written: small ones as bytes, files by
// path, written in name order under the unit's key ("<key>.<name>"). `railyard pack` fills them
// from a finished folder's files, a run writing shards from the samples it has just encoded: the
// same members give the same bytes either way.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/records/dataset_folder.h"
#include "util/tar_archive.h"

namespace railyard {

// About this many bytes per shard, where the user does not say how many units a shard holds.
inline constexpr std::uint64_t kShardBytes = 1'000'000'000;

class UnitMembers {
 public:
  void bytes(std::string name, std::string text);
  void file(std::string name, std::filesystem::path path);

  // Sample `index`'s record and files under `prefix`; its files must pass the cheap check.
  void sample(std::string_view prefix, const DatasetFolder& folder, std::uint64_t index);

  // In name order, each "<key>.<name>".
  void write(TarWriter& tar, const std::string& key);
  // The bytes write() would add to an archive.
  std::uint64_t tar_bytes(const std::string& key);

 private:
  struct Member {
    std::string name, bytes;
    std::filesystem::path path;
  };
  std::vector<Member> members_;
};

// Units per shard where the user does not say: as many as make about kShardBytes, judged by the
// first unit's (`railyard pack`'s and a run's writing shards: the same first unit, the same
// judgement).
std::uint64_t judged_units_per_shard(UnitMembers& first, const std::string& key);

}  // namespace railyard
