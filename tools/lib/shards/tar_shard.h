// One shard while it is written: a tar archive streamed to a sink (a staged file of `railyard
// pack`, a run's atomic file), counted and hashed as it goes, so that closing it gives the entry
// shards.json lists for it without reading it back.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "tools/lib/records/formats/shard_index.h"
#include "util/content_hash.h"
#include "util/tar_archive.h"

namespace railyard {

class TarShard {
 public:
  // `entry`: the shard's name, split and first unit's key; `archive` names it in messages.
  TarShard(ShardEntry entry, std::string archive, ByteSink sink);
  ~TarShard();
  TarShard(const TarShard&) = delete;
  TarShard& operator=(const TarShard&) = delete;

  // The archive a unit is to be written into; counts the unit.
  TarWriter& unit();
  std::uint64_t units() const { return entry_.samples; }
  // Ends the archive: the entry with its units, bytes and SHA-256.
  ShardEntry close();

 private:
  ShardEntry entry_;
  ByteSink sink_;
  Sha256 digest_;
  std::unique_ptr<TarWriter> tar_;
};

}  // namespace railyard
