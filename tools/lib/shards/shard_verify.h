// `railyard verify` on a folder of tar shards (`railyard pack`): shards.json against the folder
// (every shard listed and present, its bytes and SHA-256), every member against the convention
// (shard_layout.h: keys ascending, no member that is not its unit's) and its unit's records
// (each sample's record is the one its unit names, read checked, in the bytes railyard writes;
// each file's size and SHA-256 are its record's), and the units against the dataset-wide files
// beside them (the manifest's count, each split's units those of its split file, sequence lines
// and pair records those of sequences.jsonl and pairs.jsonl). A suite's variants are checked as
// shard folders of their own. Faults name the shard and the member.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include "tools/lib/records/verify_report.h"

namespace railyard {

// The marker file of a folder `railyard pack` wrote (util/staged_folder.h).
inline constexpr char kPackMarker[] = ".railyard-pack";

// True when `root` holds shards.json or pack's marker.
bool is_shard_folder(const std::filesystem::path& root);

// One report per shard folder (a suite's variants after the suite). `progress` (may be empty) is
// called with the units checked so far.
std::vector<VerifyReport> verify_shards(const std::filesystem::path& root,
                                        const std::function<void(std::uint64_t)>& progress = {});

}  // namespace railyard
