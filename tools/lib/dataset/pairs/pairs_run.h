// railyard intervene: a dataset of pairs, each a base train and its intervened twin rendered with
// the same scene, camera, angle, lighting and random streams, so that only what the intervention
// touched can change in the picture.
//
// <output>/<V-LoL folder name>_<mode>_pairs/
//     base/<V-LoL folder name>/         the base trains, a dataset in V-LoL's layout
//     intervened/<V-LoL folder name>/   their twins, the same layout; sample p of each is pair p
//     pairs.jsonl                       one line per pair (pair_record.h)
//     unpaired.jsonl                    base trains without a twin, and why
//     manifest.json                     counts and flip rates per operation kind and per rule
//     pairs/<p>.json                    finished pairs (resume, shards, merge)
// base/<name>/config.yaml is the run's lock: the whole config, interventions included.
//
// The plan (which trains get a twin; pair p is the p-th base train with one) is symbolic, the same
// in every process, and walked as the pairs are rendered: a job of any count starts its first pair
// at once with flat memory. Before any file, a run checks the plan's start (pair_plan.h's
// check_plan_start): a refused listed operation among the first 10,000 base trains, or a plan
// without a single pair, stops it there; a refusal further on stops it where the walk reaches it,
// with the same message, the pairs finished by then kept. Finalising walks the whole plan.
#pragma once

#include <filesystem>

#include "tools/lib/dataset/run_job.h"

namespace railyard {

RunSummary intervene_dataset(const DatasetConfig& config, const RunOptions& options);

// The dataset-wide files of a sharded pairs run, once every shard is done.
std::filesystem::path merge_pairs(const DatasetConfig& config, const RunOptions& options);

}  // namespace railyard
