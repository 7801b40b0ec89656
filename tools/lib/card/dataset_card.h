// A packed dataset described for publication, beside its shards: README.md (the Hugging Face
// Hub's card: YAML front matter with the license, task and size categories and `configs` whose
// data_files per split are the shards, then a datasheet), card.png (its histograms) and
// croissant.json (croissant.h). `railyard pack --card` writes them into the staged folder.
#pragma once

#include <filesystem>
#include <string>

#include "tools/lib/card/card_facts.h"
#include "util/staged_folder.h"

namespace railyard {

// The README's text.
std::string dataset_card(const CardFacts& facts);

// Writes README.md, card.png and croissant.json under `sub` of the staged folder, from the
// packed folder `source` and its shards' index. Throws DatasetError naming the file when the
// folder's manifest or config does not read.
void describe_dataset(StagedFolder& staged, const std::filesystem::path& sub,
                      const std::filesystem::path& source, const ShardIndex& index,
                      const CardOptions& options);

// A packed suite's README.md: one Hub config per variant (its shards per split), the suite's
// variants, hold-outs and confounders, and a link to each variant's own card (pack writes those
// first). The variants' shards.json are read from the staged folder.
void describe_suite(StagedFolder& staged, const std::filesystem::path& sub,
                    const std::filesystem::path& source, const ShardIndex& index,
                    const CardOptions& options);

// describe_suite for a suite's index, describe_dataset for the others.
void describe_folder(StagedFolder& staged, const std::filesystem::path& sub,
                     const std::filesystem::path& source, const ShardIndex& index,
                     const CardOptions& options);

}  // namespace railyard
