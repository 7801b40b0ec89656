// The symbolic part of a suite, run before any rendering: for every variant, the rule and scene
// it names (loaded, so a curriculum task whose rule does not load is refused), its
// representation in the asset manifest, and its trains (every one, or as CheckTrains says),
// sampled and labelled exactly as `generate` will (so a hold-out, required combination or
// confounder that cannot be filled is refused with the rates observed). The statistics of the
// summary come out of the same pass, and the hold-out is checked on every train: no held-out
// combination in any other variant, at least one in every train of a hold-out variant.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "tools/lib/dataset/inputs.h"
#include "tools/lib/suite/suite.h"
#include "tools/lib/suite/suite_stats.h"

namespace railyard {

// How many of each variant's trains the pass samples.
enum class CheckTrains : std::uint8_t {
  // Every train: the statistics are each dataset's own (its manifest's counts). A run, --merge.
  Every,
  // `--check`: a variant with combination filters (exclude, require, confounder, the suite's
  // hold-out) is sampled whole, as `generate` samples it before rendering (any index may be the
  // one that cannot be filled, and the hold-out is checked on every train); any other variant
  // only its first kBoundedCheckTrains trains, so the check's cost does not grow with its count.
  Bounded,
  // The inputs and the first two trains of each variant (what `generate` checks before rendering
  // a variant without filters), for the shard tasks of a farm; the statistics are then empty.
  FirstTwo,
};

inline constexpr std::uint64_t kBoundedCheckTrains = 100'000;

struct SuiteCheckOptions {
  CheckTrains trains = CheckTrains::Every;
  // Where to say which variant is being checked and how far it is (a line per variant, then
  // tools/lib/dataset/progress.h's lines); null: silent.
  std::FILE* progress = nullptr;
};

struct SuiteCheck {
  std::vector<DatasetInputs> inputs;      // per variant
  std::vector<TrainPattern> confounders;  // every variant's confounder attribute, once each
  std::vector<VariantStats> stats;        // per variant: of its first `checked[v]` trains
  std::vector<std::uint64_t> checked;     // per variant: trains sampled (count, unless Bounded)
};

// Throws InputError naming the suite file, the variant and the key.
SuiteCheck check_suite(const Suite& suite, const std::filesystem::path& data_dir,
                       const SuiteCheckOptions& options = {});

}  // namespace railyard
