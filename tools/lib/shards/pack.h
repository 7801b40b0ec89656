// `railyard pack`: a finished folder (a dataset, a sequence set, a pairs folder or a suite) as
// WebDataset tar shards per split (shard_layout.h names the members), with shards.json
// (formats/shard_index.h) and the folder's dataset-wide files (manifest, config, splits, COCO,
// all_scenes, sequences/, pairs.jsonl, a suite's summary) beside them; a suite's variants each
// become a shard folder of their own inside it. The folder is opened through its checked view
// first (every record read, the records' digest checked), and the shards are written into a
// staged folder that replaces the destination only when complete. The same folder packs to the
// same bytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "tools/lib/records/formats/shard_index.h"
#include "util/staged_folder.h"

namespace railyard {

struct PackOptions {
  std::string version;  // railyard's, into shards.json
  // Units per shard; 0: as many as make about kShardBytes, judged by the first unit's size
  // (unit_members.h).
  std::uint64_t samples_per_shard = 0;
  std::function<void(const std::string&)> progress;  // a line per shard written; may be empty
  // Called for each folder packed (a suite after its variants), once its shards, shards.json
  // and dataset-wide files are staged, to add files beside them (the card:
  // tools/lib/card/dataset_card.h); may be empty.
  std::function<void(StagedFolder&, const std::filesystem::path& sub,
                     const std::filesystem::path& source, const ShardIndex&)>
      describe;
};

// Packs `root` into `destination` (a folder `railyard pack` may write: util/staged_folder.h).
// Throws DatasetError naming the file when the folder is not one railyard wrote or contradicts
// itself, OutputFolderError for a destination that may not be written, IoError for the disk.
ShardIndex pack_folder(const std::filesystem::path& root, const std::filesystem::path& destination,
                       const PackOptions& options);

}  // namespace railyard
