// What every run kind writing tar shards (outputs.layout: shards) shares, whatever its unit (a
// sample, a pair, a sequence): the shard size (the config's, or judged by pack's first unit and
// kept in runs/shards/plan.json for a merge, which renders nothing), the encoded samples as a
// unit's members, and the end of the run: every planned shard done, then shards.json, last.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/sample_writer.h"
#include "tools/lib/dataset/tar_shard_plan.h"
#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/shards/unit_members.h"

namespace railyard {

class RunSetup;

// A sample's encoded files and record as members of its unit under `prefix` ("", "base.",
// "step003."): the names `railyard pack` gives the same sample's files.
void add_sample(UnitMembers& members, std::string_view prefix, EncodedSample encoded);

// The plan of a run writing shards over units split as `split_of` says: the config's shard size,
// or pack's judgement of the first unit of the first split, made now by `make_unit` (before any
// folder exists, like the probe: a device that cannot render fails here, naming the image size).
TarShardPlan plan_shards(const DatasetConfig& config, std::vector<std::uint8_t> split_of,
                         const std::function<UnitMembers(std::uint64_t)>& make_unit,
                         RunSetup& setup);

// Units a run's walk may have made but not yet put in a shard: enough that no producer waits
// while the writers keep up, few enough that memory stays small.
std::size_t shard_window(RunSetup& setup);

// runs/shards/plan.json under `root`: the plan's shard size and key digits, for a merge.
void keep_shard_plan(const std::filesystem::path& root, const TarShardPlan& plan,
                     const std::string& kind);
// The shard size of a merge: the config's, or the one the runs judged and kept; throws naming
// the file when no run has started.
std::uint64_t kept_shard_size(const DatasetConfig& config, const std::filesystem::path& root);

// shards.json's content for a finished plan: every shard's entry (throws std::runtime_error
// naming the shards not done yet, as finished_shards does).
ShardIndex finished_shard_index(const TarShardPlan& plan, const std::filesystem::path& root,
                                const std::string& kind, const std::string& version);

}  // namespace railyard
