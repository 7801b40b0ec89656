// What predictions are scored against: a folder railyard made, opened through its checked view
// (DatasetFolder, PairsFolder, the suite's summary.json) and reduced to what scoring needs per
// sample: the true label, split, train, scene, image file, and for a sequence set each sequence.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "logic/train.h"
#include "logic/train_pattern.h"
#include "tools/lib/records/dataset_folder.h"

namespace railyard::score {

enum class TargetKind { Dataset, Suite, Pairs, Sequences };
const char* target_kind_name(TargetKind kind);  // "dataset", "suite", "pairs", "sequences"

struct SampleTruth {
  Train train;
  Direction label = Direction::West;  // the rule's (true) label
  std::uint8_t split = 0;             // 0 train, 1 val, 2 test
  bool labelled = true;               // false: the dataset withheld it from the learner
  std::uint16_t scene = 0;            // into DatasetTarget::scenes
  std::string image;                  // images/<file>: the file name
};

// One sequence of a sequence set: its samples are steps first_sample .. first_sample + length - 1.
struct SequenceTruth {
  std::uint64_t first_sample = 0, length = 0;
  std::uint8_t split = 0;
  bool accepted = false;  // the sequence's label (east in V-LoL's files)
  std::vector<std::pair<std::string, std::vector<bool>>> predicates;  // per step
};

struct DatasetTarget {
  std::string name;  // the variant, the pairs side, or the dataset folder's name
  std::filesystem::path folder;
  std::string distribution;           // MichalskiTrains, RandomTrains
  std::vector<std::string> scenes;    // the scene names the samples use
  std::vector<SampleTruth> samples;   // by index
  std::vector<TrainPattern> heldout;  // the suite's held-out combinations (exclude / require)
  // A confounder: in a suite the training set's (reference variant's), for every variant; else
  // the dataset's own. The attribute, and whether it goes with east there (its east share at
  // least its west share).
  std::optional<TrainPattern> confounder;
  bool confounder_east = true;
  std::vector<SequenceTruth> sequences;  // a sequence set's
  // The rule and background files the dataset was labelled with (its manifest's inputs, found
  // under the data root when relative); empty when the manifest names none.
  std::filesystem::path rule_file, background_file;
  std::string rule_sha256;

  // The index of an image file name; nullopt when none has it.
  std::optional<std::uint64_t> image_index(const std::string& file) const;

 private:
  mutable std::map<std::string, std::uint64_t> images_;
};

// A pair of a pairs folder: sample p of base/ and intervened/.
struct PairTruth {
  std::string operations;  // "swap_loads(1,3)"
  std::string kind;        // the operations' kinds joined with "+"
  bool flipped = false;
};

struct Target {
  TargetKind kind = TargetKind::Dataset;
  std::filesystem::path path;  // absolute
  std::string sha256;          // of the manifest(s) (summary.json and each manifest for a suite)
  std::vector<DatasetTarget> datasets;  // a suite's variants in order; a pairs folder's two sides
  std::vector<PairTruth> pairs;
  bool curriculum = false;  // a suite learnt in order
};

// Opens `folder` through open_folder (tools/lib/records/open_folder.h): a suite, a pairs folder, a
// dataset or a sequence set. Throws DatasetError / ScoreError naming the file.
Target load_target(const std::filesystem::path& folder);

// Reads one dataset folder's samples.
DatasetTarget load_dataset_target(const DatasetFolder& folder, const std::string& name);

}  // namespace railyard::score
