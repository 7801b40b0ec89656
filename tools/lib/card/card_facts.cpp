#include "tools/lib/card/card_facts.h"

#include "tools/lib/dataset/inputs.h"
#include "tools/lib/records/pairs_folder.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/read_file.h"

namespace railyard {
namespace {

// The text of an input file where it is still what the run read: inputs name files relative to
// railyard's data folder (inputs.h) or by their path.
std::optional<std::string> unchanged_input(const InputFile& input) {
  std::vector<std::filesystem::path> places{input.path};
  try {
    places.insert(places.begin(), data_root() / input.path);
  } catch (const InputError&) {
  }
  for (const std::filesystem::path& place : places)
    if (file_system::is_regular_file(place) && sha256_hex_of_file(place) == input.sha256)
      return read_file_text(place);
  return std::nullopt;
}

}  // namespace

CardFacts card_facts(const std::filesystem::path& source, const ShardIndex& index,
                     const CardOptions& options) {
  CardFacts facts;
  facts.name = file_system::folder_name(source);
  std::filesystem::path dataset = source;
  if (PairsFolder::is_pairs_folder(source)) {
    facts.pairs = read_pairs_manifest(source / "manifest.json");
    dataset = source / facts.pairs->base;
  }
  facts.manifest = read_dataset_manifest(dataset / "manifest.json");
  facts.config = config_from_text(facts.manifest.config, (dataset / "manifest.json").string());
  facts.index = index;
  facts.options = options;
  for (std::size_t k = 0; k < facts.index.shards.size(); ++k) {
    const ShardEntry& shard = facts.index.shards[k];
    if (facts.splits.empty() || facts.splits.back().name != shard.split)
      facts.splits.push_back({shard.split, 0, {}});
    facts.splits.back().samples += shard.samples;
    facts.splits.back().shards.push_back(k);
  }
  for (const InputFile& input : facts.manifest.inputs.value_or(std::vector<InputFile>{}))
    if (input.role == "rule") {
      facts.rule_file = input.path;
      facts.rule_text = unchanged_input(input);
    }
  return facts;
}

}  // namespace railyard
