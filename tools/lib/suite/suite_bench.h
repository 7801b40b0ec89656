// `railyard bench suite`: the two speed figures of a suite. (1) Its symbolic part (sampling,
// hold-out and confounder rejection, statistics) scaled to a number of trains, on one thread.
// (2) Its overhead: the suite rendered by `railyard suite` against its variants rendered one by
// one by `generate`'s code, twice each, alternating, keeping the faster of each. Wall and CPU
// time are both printed: the machine may be shared.
#pragma once

#include <cstdint>
#include <string>

namespace railyard {

struct SuiteBenchOptions {
  std::string file;  // default: configs/suites/vlol_paper.yaml of the data folder
  std::uint64_t trains = 100'000;
  std::uint64_t images = 240;
  std::string work = "/tmp/railyard-bench-suite";
};

void run_suite_bench(const SuiteBenchOptions& options);

}  // namespace railyard
