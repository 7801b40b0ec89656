// Exports of a finished dataset folder, as `railyard export` and a config's `exports:` section
// make them: <dataset>/exports/<name>/ by default, one subfolder per split (exporter.h). A folder
// of intervention pairs (railyard intervene) is exported side by side: <name>/base/ and
// <name>/intervened/, each with its splits, the same trains under the same constants.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tools/lib/export/exporter.h"

namespace railyard::exports {

// "popper_relational", "aleph_michalski_noise0.05", "scene_graphs".
std::string export_name(const ExportOptions& options);

struct DatasetExportSummary {
  std::filesystem::path folder;
  std::vector<std::pair<std::string, ExportSummary>> sides;  // "" for a plain dataset
  std::size_t withheld = 0;  // examples left out because the dataset withholds their label
};

// `folder` empty: <dataset>/exports/<export_name(options)>. Throws ExportError naming the folder,
// key or file at fault; an earlier export at the destination stays as it was then.
DatasetExportSummary export_dataset(const std::filesystem::path& dataset,
                                    const ExportOptions& options,
                                    std::filesystem::path folder = {});

}  // namespace railyard::exports
