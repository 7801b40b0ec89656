// croissant.json: the packed dataset in Croissant 1.1 (MLCommons' JSON-LD on schema.org, with
// its Responsible-AI vocabulary), for dataset search engines and loaders. Each shard is a
// FileObject with its SHA-256; per split, FileSets of the records, images and depth maps inside
// that split's shards, and a RecordSet of its samples whose fields read the record (index,
// labels, the train's cars, every part with its boxes and mask) and the images by key.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/lib/card/card_facts.h"

namespace railyard {

nlohmann::ordered_json croissant(const CardFacts& facts);

// A suite's: every variant's shards, file sets and record sets, each under its folder (ids
// "<folder>/train", contentUrls "<url><folder>/train-000000.tar"); the head from the first.
struct SuitePart {
  std::string folder;  // the variant's shard folder, relative to the suite's
  CardFacts facts;
};
nlohmann::ordered_json suite_croissant(const std::string& name, const std::string& what,
                                       const std::vector<SuitePart>& variants);

}  // namespace railyard
