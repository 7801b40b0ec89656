// `railyard worlds`: a spec file in, a worlds folder out (world_files.h). The builder runs on
// railyard's Prolog engine over the data root's background.pl; the folder is checked before
// the work and written whole after it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "logic/worlds/world_builder.h"
#include "tools/lib/worlds/worlds_file.h"

namespace railyard {

// The worlds of a loaded spec file. Throws WorldsError when the spec cannot be met.
worlds::WorldSet build_worlds_of(const WorldsFile& file);

struct WorldsRunSummary {
  worlds::WorldSet set;
  double seconds = 0.0;  // building, not writing
};

// Loads the spec (with `assignments`), checks that `folder` may be written, builds, writes.
// The files every world's dataset will read (its scene; the background the build reads), found
// now rather than when the suite renders. Throws InputError naming the spec file and the key.
void check_dataset_inputs(const WorldsFile& file);

WorldsRunSummary run_worlds(const std::filesystem::path& spec_file,
                            const std::vector<std::string>& assignments,
                            const std::filesystem::path& folder);

// "57 worlds of 20 concepts from a pool of 76 (1,234 candidates: same text 300, ...)".
std::string describe_worlds(const worlds::WorldSet& set);

}  // namespace railyard
