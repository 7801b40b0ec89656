// `railyard verify`: the full check of a finished dataset (or of both sides of a pairs folder).
// Every file against its record (present, its size, its SHA-256), every record against its index,
// the splits a partition of the samples, and every dataset-wide file (all_scenes.json, the COCO
// file, the description lines, the splits, the manifest) against the records: each is made again
// from the records, in a scratch folder, and must be the same bytes. Files in images/, depths/
// and scenes/ that no record names are faults too.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tools/lib/records/verify_report.h"

namespace railyard {

// Checks the folder; a folder that cannot even be opened (no manifest, a missing record, a split
// that is not a partition) gives one fault naming the file. `progress` (may be empty) is called
// with the samples checked so far. The dataset-wide files are made again with the config and
// inputs the dataset's manifest holds. A pairs folder gives one report per side.
std::vector<VerifyReport> verify_dataset(const std::filesystem::path& folder,
                                         const std::function<void(std::uint64_t)>& progress = {});

}  // namespace railyard
