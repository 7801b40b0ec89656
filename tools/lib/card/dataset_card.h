// A folder of shards described for publication, beside its shards: README.md (the Hugging Face
// Hub's card: YAML front matter with the license, task and size categories and `configs` whose
// data_files per split are the shards, then a datasheet), card.png (its histograms) and
// croissant.json (croissant.h). `railyard pack --card` writes them into the staged folder it
// packs into; `railyard card` into a finished shard folder (pack's, or a run's that wrote its
// shards itself), in place.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "tools/lib/card/card_facts.h"

namespace railyard {

// Where a description goes: `write(relative, bytes)` puts a file under the shard folder, whose
// files (a suite's variants' shards.json) are read from `shards`.
struct CardOutput {
  std::function<void(const std::filesystem::path&, std::string_view)> write;
  std::filesystem::path shards;
};

// The README's text.
std::string dataset_card(const CardFacts& facts);

// Writes README.md, card.png and croissant.json under `sub` of the output, from the folder
// `source` (the one packed, or the shard folder itself: its manifests are at the same places)
// and its shards' index. Throws DatasetError naming the file when the
// folder's manifest or config does not read.
void describe_dataset(const CardOutput& output, const std::filesystem::path& sub,
                      const std::filesystem::path& source, const ShardIndex& index,
                      const CardOptions& options);

// A packed suite's README.md: one Hub config per variant (its shards per split), the suite's
// variants, hold-outs and confounders, and a link to each variant's own card (written first).
// The variants' shards.json are read from the output's `shards` folder.
void describe_suite(const CardOutput& output, const std::filesystem::path& sub,
                    const std::filesystem::path& source, const ShardIndex& index,
                    const CardOptions& options);

// describe_suite for a suite's index, describe_dataset for the others.
void describe_folder(const CardOutput& output, const std::filesystem::path& sub,
                     const std::filesystem::path& source, const ShardIndex& index,
                     const CardOptions& options);

// `railyard card`: the description of a finished folder of shards, written into it (each file
// atomically; a suite's variants first) once the folder verifies (shard_verify.h). Throws
// DatasetError with verify's first fault (naming the shard or shards.json and the member), or
// naming the file when a manifest or a config does not read; nothing is written then.
void describe_shard_folder(const std::filesystem::path& folder, const CardOptions& options);

}  // namespace railyard
