// How a pairs run is finished, from what it wrote (pair files and the halves' records, or the
// units of its tar shards): every pair checked finished, both halves finalized as datasets of
// their own, then unpaired.jsonl, pairs.jsonl, the manifest with the flip rates and, for shards,
// shards.json last.
#pragma once

#include <cstdint>
#include <string>

#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/pairs/pair_plan.h"
#include "tools/lib/dataset/pairs/pairs_layout.h"
#include "tools/lib/dataset/run_lock.h"
#include "tools/lib/dataset/tar_shard_plan.h"

namespace railyard {

// A config for the halves: each is a dataset of `pairs` samples, and its manifest's config says
// so (with the subsets that fit), so that verify remakes a half from its own manifest.
DatasetConfig half_config(const DatasetConfig& config, std::uint64_t pairs);

// What is wrong with pair `pair` on disk (its file, or either side's sample and files under the
// cheap check), or "" when it is finished: resume's check of a pair whose base sample is, and
// finalize's of every pair. `train`: the plan's base train of the pair.
std::string pair_fault(const PairsLayout& layout, std::uint64_t pair, std::uint64_t train);

// Walks the whole plan (`trains`, `planner`): every pair must be finished (files layout: each
// checked as the plan reaches it, and the first fault reported with the pair count once known;
// shards layout, `shards` given: every planned shard done, checked first); then the files.
void finalize_pairs(const DatasetConfig& config, const PairsLayout& layout,
                    const DatasetInputs& inputs, TrainSource& trains, PairPlanner& planner,
                    const RunLock& lock, const std::string& version, const TarShardPlan* shards);

}  // namespace railyard
