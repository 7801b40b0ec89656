// `railyard bench pairs`: ms per pair of `railyard intervene` against ms per image of `railyard
// generate` on the same trains (the goal: pairs cost at most 2.1x the base set), and the pairs
// run's peak memory (flat in the number of pairs: compare two sizes).
#pragma once

#include "tools/lib/dataset/config.h"

namespace railyard {

// Runs both into a temporary folder, prints the figures, removes the folder.
void run_pairs_benchmark(DatasetConfig config);

}  // namespace railyard
