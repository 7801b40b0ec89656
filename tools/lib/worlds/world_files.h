// What `railyard worlds` writes, all from one built WorldSet, into a folder that appears whole
// or not at all (util/staged_folder.h: only a worlds folder it made itself, unchanged, is ever
// replaced):
//   rules/<name>_<k>.pl   each world as a rule file in the shipped rules' format: one
//                         eastbound/1 clause per concept, loadable after background.pl
//   worlds.json           concepts (clause, complexity, shares), worlds (concepts, split, share
//                         and interval), similarity (shared concepts) and semantic distance
//                         matrices, held-out concept pairs, the checks' rejection counts
//   suite.yaml            a multi-task suite: one dataset variant per world, grouped by split
//   curriculum.yaml       the same worlds in sliding order, as a continual curriculum
#pragma once

#include <filesystem>
#include <string>

#include "logic/worlds/world_builder.h"
#include "tools/lib/records/formats/worlds_index.h"
#include "tools/lib/worlds/worlds_file.h"
#include "util/staged_folder.h"

namespace railyard {

inline constexpr FolderKind kWorldsFolder{"railyard worlds", ".railyard-worlds"};

// "graphlog57_07": the family's name and the world's index, padded to the count's digits.
std::string world_id(const worlds::WorldSet& set, std::size_t k);
std::string world_rule_file(const worlds::WorldSet& set, std::size_t k);  // "rules/<id>.pl"

std::string world_rule_text(const worlds::WorldSet& set, std::size_t k,
                            const std::string& spec_name);
WorldsIndex worlds_index(const worlds::WorldSet& set);

enum class WorldSuite { MultiTask, Curriculum };
std::string world_suite_text(const worlds::WorldSet& set, const WorldsFile& file, WorldSuite kind);

// Writes the folder. Throws OutputFolderError naming the folder when it may not be written.
void write_worlds(const worlds::WorldSet& set, const WorldsFile& file,
                  const std::filesystem::path& folder);

}  // namespace railyard
