// A folder of tar shards (`railyard pack`'s, or a run's with outputs.layout: shards) unpacked into
// the files layout it stands for: each unit's members written back where the files layout keeps
// them (a sample's record to records/<i>.json, its image to images/ as its record names it, ...;
// a pair's record to pairs/<p>.json, its "base." and "intervened." samples into the halves the
// pairs manifest names; a sequence's steps into its dataset, its line left to sequences.jsonl),
// beside the folder's dataset-wide files. What the gallery shows of a shard folder, whose
// pictures a page opened from the file system cannot read out of a tar. Only a folder that
// verifies (shard_verify.h) is unpacked: a fault names its shard and member.
#pragma once

#include <filesystem>

#include "util/staged_folder.h"

namespace railyard {

// Unpacks the shard folder `shards` (a dataset, sequence set or pairs folder; a suite's variants
// each on its own) under `sub` of `staged`. Throws DatasetError with the first fault verify
// finds, IoError for the disk.
void unpack_shards(const std::filesystem::path& shards, StagedFolder& staged,
                   const std::filesystem::path& sub);

}  // namespace railyard
