// The examples of a finished dataset folder (generate, render, a suite variant, one side of
// intervention pairs), read from its records and splits: what every export of it is made from.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <vector>

#include "tools/lib/export/example.h"
#include "tools/lib/export/sequence_examples.h"
#include "tools/lib/records/dataset_folder.h"

namespace railyard::exports {

struct DatasetExamples {
  std::vector<Example> examples;  // by index, with the published label and the sample's split
  std::size_t withheld = 0;       // samples whose label the dataset withholds: not exported
  // A sequence dataset's (its records carry their steps, formats/sequence_step.h): the
  // sequences, sequences/automaton.json and what the train split shows (the manifest's
  // sequence.train_annotations).
  std::optional<SequenceExamples> sequences;
};

// Throws ExportError naming the file and the fault when a record is malformed or another
// sample's (the folder was checked when opened, dataset_folder.h), and for a sequence dataset
// when a step is out of order or missing, or automaton.json is missing or malformed.
DatasetExamples read_dataset_examples(const DatasetFolder& folder, bool with_parts);

}  // namespace railyard::exports
