// The dataset pipeline's benchmark (see BENCHMARKS.md).
#pragma once

#include "tools/lib/dataset/config.h"

namespace railyard {

void run_pipeline_benchmark(const DatasetConfig& config);

}  // namespace railyard
