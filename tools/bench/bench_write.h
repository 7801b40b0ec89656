// The write path's benchmark (see BENCHMARKS.md): CPU per image per stage on one core.
#pragma once

#include "tools/lib/dataset/config.h"

namespace railyard {

// Renders config.count samples, then writes them `repeats` times with the dataset's writer on
// this thread into a temporary folder, and prints the pass with the least CPU.
void run_write_benchmark(const DatasetConfig& config, int repeats);

}  // namespace railyard
