// `railyard pack FOLDER... -o DIR`: finished folders as WebDataset tar shards
// (tools/lib/shards/pack.h). One folder packs into DIR; several into DIR/<folder name> each.
#include <cstdio>
#include <set>

#include "tools/lib/card/dataset_card.h"
#include "tools/lib/shards/pack.h"
#include "tools/railyard/card_flags.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/path_checks.h"
#include "util/file_system.h"
#include "util/input_error.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// Where each folder is packed to; refuses a destination inside a folder it packs (its shards
// would be packed too) and two folders of one name.
std::vector<fs::path> destinations(const std::vector<std::string>& folders, const fs::path& out) {
  std::vector<fs::path> out_folders;
  std::set<fs::path> names;
  for (const std::string& folder : folders) {
    const fs::path name = file_system::folder_name(folder);
    if (folders.size() > 1 && !names.insert(name).second)
      throw InputError("pack: two folders named '" + name.string() +
                       "': pack them with one -o each");
    fs::path destination = folders.size() > 1 ? out / name : out;
    if (inside(destination, folder) || inside(folder, destination))
      throw InputError("pack: -o " + destination.string() + " and " + folder +
                       " lie one inside the other");
    out_folders.push_back(destination);
  }
  return out_folders;
}

const char* unit_noun(const std::string& kind) {
  return kind == "pairs" ? "pairs" : kind == "sequences" ? "sequences" : "samples";
}

}  // namespace

void add_pack_command(CLI::App& app) {
  auto folders = std::make_shared<std::vector<std::string>>();
  auto output = std::make_shared<std::string>();
  auto options = std::make_shared<PackOptions>();
  CLI::App* command = app.add_subcommand(
      "pack",
      "pack finished datasets, sequence sets, pairs folders or suites into WebDataset tar shards "
      "per split (<split>-000000.tar; a unit's members share a key: 000042.png, 000042.json, "
      "...) with shards.json and the dataset-wide files beside them");
  command->add_option("folders", *folders, "the folders to pack")
      ->required()
      ->check(existing_folder());
  command
      ->add_option("-o,--output", *output,
                   "the shard folder (with several inputs: a folder of one per input)")
      ->required();
  command
      ->add_option("--samples-per-shard", options->samples_per_shard,
                   "units per shard (default: about 1 GB of them, judged by the first unit)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
  auto card = std::make_shared<bool>(false);
  auto card_options = std::make_shared<CardOptions>();
  command->add_flag("--card", *card,
                    "also write README.md (a Hugging Face Hub dataset card with a datasheet), "
                    "card.png and croissant.json (Croissant 1.1) beside each dataset's shards");
  add_card_flags(*command, *card_options);
  add_quiet_flag(*command, options->progress);
  command->callback([=] {
    options->version = RAILYARD_VERSION;
    if (*card)
      options->describe = [card_options](StagedFolder& staged, const fs::path& sub,
                                         const fs::path& source, const ShardIndex& index) {
        describe_folder({[&](const fs::path& relative, std::string_view bytes) {
                           staged.write(relative, bytes);
                         },
                         staged.staging()},
                        sub, source, index, *card_options);
      };
    std::vector<fs::path> to = destinations(*folders, *output);
    for (std::size_t k = 0; k < folders->size(); ++k) {
      ShardIndex index = pack_folder((*folders)[k], to[k], *options);
      if (index.kind == "suite")
        std::printf("%s: a suite of %zu variant shard folders\n", to[k].c_str(),
                    index.folders.size());
      else
        std::printf("%s: %llu %s in %zu shards (%llu per shard)\n", to[k].c_str(),
                    static_cast<unsigned long long>(index.samples), unit_noun(index.kind),
                    index.shards.size(), static_cast<unsigned long long>(index.samples_per_shard));
    }
  });
}

}  // namespace railyard
