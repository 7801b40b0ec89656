// The options of a run in a test: this source tree's data, no progress output, a fixed version
// string (it is written into manifests).
#pragma once

#include "tools/lib/dataset/run_job.h"

namespace railyard::testing {

inline RunOptions test_run_options(Shard shard = {}) {
  RunOptions o;
  o.shard = shard;
  o.data_dir = RAILYARD_SOURCE_DIR;
  o.version = "test";
  o.progress = false;
  return o;
}

}  // namespace railyard::testing
