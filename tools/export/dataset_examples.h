// The examples of a finished dataset folder (generate, render, a suite variant, one side of
// intervention pairs), read from its records and splits: what every export of it is made from.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#include "tools/export/example.h"

namespace railyard::exports {

struct DatasetExamples {
  std::vector<Example> examples;  // by index, with the published label and the sample's split
  std::size_t withheld = 0;       // samples whose label the dataset withholds: not exported
};

// Throws ExportError naming the file and the fault when the folder is not a finished, consistent
// dataset (dataset_folder.h) or a record is malformed.
DatasetExamples read_dataset_examples(const std::filesystem::path& dataset, bool with_parts);

}  // namespace railyard::exports
