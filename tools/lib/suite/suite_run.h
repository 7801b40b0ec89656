// Running a suite: its check first (suite_check.h: nothing is rendered when any variant is
// wrong), then every variant through the same code as `railyard generate` (so a variant's folder
// is what `generate` makes of its config, resumed sample by sample after a kill), then the
// summary.
//
// On a farm the suite is one job array of T = V x K tasks over its V variants, K shards each:
// task t renders shard t % K of variant t / K (variants in file order); one merge job then writes
// every variant's dataset-wide files and the summary. The result equals a single-process run.
#pragma once

#include <cstddef>
#include <vector>

#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/suite/suite.h"

namespace railyard {

// The whole suite in this process. Returns one summary per variant, in order.
std::vector<RunSummary> run_suite(const Suite& suite, const RunOptions& options);

struct SuiteTask {
  std::size_t variant = 0;
  Shard shard;
};

// Task t of T (a Shard of the suite: its index and count). Throws ConfigError when T is not a
// multiple of the number of variants.
SuiteTask suite_task(const Suite& suite, const Shard& task);

// One task of a farm: a share of one variant, after checking every variant's inputs (not their
// trains: the submit script's `--check` did that once).
RunSummary run_suite_task(const Suite& suite, const Shard& task, RunOptions options);

// The farm's last step: every variant's dataset-wide files, then the summary. Throws naming the
// variant whose samples are not all rendered.
void merge_suite(const Suite& suite, const RunOptions& options);

}  // namespace railyard
