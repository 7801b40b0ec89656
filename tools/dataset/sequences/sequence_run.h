// The sequence run kind (issue #26): a unit is one sequence, its item the rendered samples of its
// steps, its output one dataset folder in V-LoL's layout (one sample per step, so V-LoL's
// loaders, COCO and the exports read the flat view) plus the sequence files. Resume, shards,
// Slurm and merge are the run skeleton's (run_job.h); a sequence counts as done when every one of
// its steps is.
#pragma once

#include <filesystem>

#include "tools/dataset/config.h"
#include "tools/dataset/run_job.h"

namespace railyard {

class AtomicFile;

// railyard generate with a `sequence:` section.
RunSummary generate_sequences(const DatasetConfig& config, const RunOptions& options);
// railyard generate --merge of a sharded sequence run.
std::filesystem::path merge_sequences(const DatasetConfig& config, const RunOptions& options);

// railyard sample with a `sequence:` section: the symbolic sequences, one JSON line each (the
// trains, their predicates, states and label), without images: for sequence induction. Written
// line by line as each sequence is drawn, so memory stays flat however many there are.
void write_symbolic_sequences(const DatasetConfig& config, const std::filesystem::path& data_dir,
                              AtomicFile& out);

}  // namespace railyard
