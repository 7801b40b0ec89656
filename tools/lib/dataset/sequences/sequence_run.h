// The sequence run kind (issue #26): a unit is one sequence, its item the rendered samples of its
// steps, its output one dataset folder in V-LoL's layout (one sample per step, so V-LoL's
// loaders, COCO and the exports read the flat view) plus the sequence files. Resume, shards,
// Slurm and merge are the run skeleton's (run_job.h); a sequence counts as done when every one of
// its steps is.
#pragma once

#include <filesystem>
#include <memory>

#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/run_job.h"

namespace railyard {

class AtomicFile;

// railyard generate with a `sequence:` section (sequential mode), and its --merge.
RunSummary generate_sequences(const DatasetConfig& config, const RunOptions& options);
std::filesystem::path merge_sequences(const DatasetConfig& config, const RunOptions& options);
// Incremental mode: the single trains of one curriculum episode, a sample run (merged as one).
RunSummary generate_episode(const DatasetConfig& config, const RunOptions& options);

// railyard verify: a sequence set's files made again from its records and its config's model.
void remake_sequences(const FinalizeContext& context);

// The trains of a sequence set (its steps) or of an episode by sample index, without pictures,
// holding the model they come from: the suite's check and Python's Generator read them.
std::shared_ptr<TrainSource> sequence_trains(const DatasetConfig& config,
                                             const DatasetInputs& inputs);
std::shared_ptr<TrainSource> episode_trains(const DatasetConfig& config,
                                            const DatasetInputs& inputs);

// railyard sample with a `sequence:` section: the symbolic sequences, one JSON line each (the
// trains, their predicates, states and label), without images: for sequence induction. Written
// line by line as each sequence is drawn, so memory stays flat however many there are. In
// incremental mode, the curriculum: one positive trace of episodes, one line.
void write_symbolic_sequences(const DatasetConfig& config, const std::filesystem::path& data_dir,
                              AtomicFile& out);
void write_curriculum(const DatasetConfig& config, const std::filesystem::path& data_dir,
                      AtomicFile& out);

}  // namespace railyard
