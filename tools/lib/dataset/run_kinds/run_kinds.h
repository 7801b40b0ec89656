// The run kinds as a table, one entry per kind (samples, pairs, sequences, and episodes: one step
// of an incremental curriculum, single trains), chosen once by run_kind from the command and the
// config. The commands, the suite (each variant runs its config's kind), verify, view and the
// Python module look a kind up here; no one else asks the config which kind it is.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string_view>

#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/run_job.h"

namespace railyard {

class AtomicFile;

struct RunKind {
  std::string_view name;       // "samples", "pairs", "sequences", "episodes"
  std::string_view chosen_by;  // what chooses it, for messages: "sequence.formula"
  std::string_view command;    // the command that runs and merges it: "generate", "intervene"
  RunSummary (*run)(const DatasetConfig&, const RunOptions&);
  std::filesystem::path (*merge)(const DatasetConfig&, const RunOptions&);
  // verify: a finished folder's dataset-wide files made again from its records.
  void (*remake)(const FinalizeContext&) = nullptr;
  // Its trains by sample index, without pictures (the suite's check, view, Python's Generator),
  // and what a check names when they cannot be made.
  std::shared_ptr<TrainSource> (*trains)(const DatasetConfig&, const DatasetInputs&) = nullptr;
  std::string_view trains_keys = "";
  // railyard sample: its units without pictures, as JSON lines; nullptr: a train set.
  void (*symbolic)(const DatasetConfig&, const std::filesystem::path&, AtomicFile&) = nullptr;
  std::string_view python = "";  // the class that renders unit i on demand
};

enum class RunCommand { Generate, Intervene, Render };

// The kind `command` runs for `config`: pairs for intervene; for the others sequences with a
// sequence.formula (episodes in incremental mode), else samples. Throws ConfigError when
// intervene or render is given a config that makes sequences.
const RunKind& run_kind(const DatasetConfig& config, RunCommand command = RunCommand::Generate);

// railyard generate and its --merge: the config's kind run, or its shards merged.
RunSummary generate_dataset(const DatasetConfig& config, const RunOptions& options);
std::filesystem::path merge_dataset(const DatasetConfig& config, const RunOptions& options);

// railyard view: the scene of sample i as `generate` lays it out, its train the config's kind's.
// Rule, scene and assets are loaded here, so their errors come before any window.
std::function<render::Scene(std::uint64_t index)> dataset_scenes(const DatasetConfig& config,
                                                                 const RunOptions& options);

}  // namespace railyard
