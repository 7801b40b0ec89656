// The symbolic part of a suite, run before any rendering: for every variant, the rule and scene
// it names (loaded, so a curriculum task whose rule does not load is refused), its
// representation in the asset manifest, and every one of its trains, sampled and labelled
// exactly as `generate` will (so a hold-out, required combination or confounder that cannot be
// filled is refused with the rates observed). The statistics of the summary come out of the
// same pass, and the hold-out is checked on every train: no held-out combination in any other
// variant, at least one in every train of a hold-out variant.
#pragma once

#include <filesystem>
#include <vector>

#include "tools/dataset/inputs.h"
#include "tools/suite/suite.h"
#include "tools/suite/suite_stats.h"

namespace railyard {

struct SuiteCheck {
  std::vector<DatasetInputs> inputs;      // per variant
  std::vector<TrainPattern> confounders;  // every variant's confounder attribute, once each
  std::vector<VariantStats> stats;        // per variant
  double cpu_seconds = 0.0;               // this process's CPU time in the pass (for bench)
};

// `trains`: false checks only the inputs and the first two trains of each variant (what
// `generate` checks before rendering), for the shard tasks of a farm; the statistics are then
// empty. Throws InputError naming the suite file, the variant and the key.
SuiteCheck check_suite(const Suite& suite, const std::filesystem::path& data_dir,
                       bool trains = true);

}  // namespace railyard
