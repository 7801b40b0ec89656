// What a dataset card says, gathered once from a packed folder's own files (the manifest, its
// config read back by the config layer, shards.json) and the rule file when it is at hand: the
// README card (dataset_card.h), its picture (card_picture.h) and croissant.json (croissant.h) are
// each a view of these facts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tools/lib/dataset/config.h"
#include "tools/lib/records/dataset_manifest.h"
#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/records/pairs_manifest.h"

namespace railyard {

struct CardOptions {
  std::string license = "unknown";  // the Hub's license id of the generated data
  std::string url;                  // where the shards will be served from ("": beside the card)
};

struct SplitShards {
  std::string name;  // train | val | test
  std::uint64_t samples = 0;
  std::vector<std::size_t> shards;  // into the index's shards
};

struct CardFacts {
  std::string name;  // the packed folder's name (V-LoL's)
  // A pairs folder's manifest; then `manifest` and `config` are its base side's.
  std::optional<PairsManifest> pairs;
  DatasetManifest manifest;
  DatasetConfig config;
  ShardIndex index;
  std::vector<SplitShards> splits;       // in the index's order
  std::optional<std::string> rule_text;  // the rule file, when found with the manifest's SHA-256
  std::string rule_file;                 // its path as the inputs name it
  CardOptions options;
};

// The facts of a packed dataset, sequence set or pairs folder. Throws DatasetError naming the
// file when the folder's manifest or config does not read.
CardFacts card_facts(const std::filesystem::path& source, const ShardIndex& index,
                     const CardOptions& options);

}  // namespace railyard
