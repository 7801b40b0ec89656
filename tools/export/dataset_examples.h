// The examples of a finished dataset folder (generate, render, a suite variant, one side of
// intervention pairs), read from its records and splits: what every export of it is made from.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#include "tools/records/dataset_folder.h"
#include "tools/export/example.h"

namespace railyard::exports {

struct DatasetExamples {
  std::vector<Example> examples;  // by index, with the published label and the sample's split
  std::size_t withheld = 0;       // samples whose label the dataset withholds: not exported
};

// Throws ExportError naming the file and the fault when a record is malformed or another
// sample's (the folder was checked when opened, dataset_folder.h).
DatasetExamples read_dataset_examples(const DatasetFolder& folder, bool with_parts);

}  // namespace railyard::exports
