// `railyard card FOLDER...`: a finished folder of shards (pack's, or a run's with outputs.layout:
// shards) described for publication in place: README.md (the Hub's card), card.png and
// croissant.json beside its shards (tools/lib/card/dataset_card.h).
#include <cstdio>

#include "tools/lib/card/dataset_card.h"
#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/records/json/dataset_error.h"
#include "tools/railyard/card_flags.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/path_checks.h"
#include "util/file_system.h"

namespace railyard {

void add_card_command(CLI::App& app) {
  auto folders = std::make_shared<std::vector<std::string>>();
  auto options = std::make_shared<CardOptions>();
  CLI::App* command = app.add_subcommand(
      "card",
      "describe finished folders of shards (railyard pack's, or a run's with outputs.layout: "
      "shards) for publication: README.md (a Hugging Face Hub dataset card with a datasheet), "
      "card.png and croissant.json (Croissant 1.1), written into each folder");
  command->add_option("folders", *folders, "the shard folders")
      ->required()
      ->check(existing_folder());
  add_card_flags(*command, *options);
  command->callback([=] {
    for (const std::string& folder : *folders) {
      if (!file_system::exists(std::filesystem::path(folder) / kShardIndexFile))
        throw DatasetError(folder + ": no " + kShardIndexFile +
                           ": not a finished folder of shards (railyard pack writes one, and so "
                           "does a run with outputs.layout: shards once it is finished)");
      describe_shard_folder(folder, *options);
      std::printf("%s: README.md, card.png and croissant.json written\n", folder.c_str());
    }
  });
}

}  // namespace railyard
