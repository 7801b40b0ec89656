#include "tools/lib/export/dataset_export.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <variant>

#include "tools/lib/export/dataset_examples.h"
#include "tools/lib/export/exporter.h"
#include "tools/lib/records/open_folder.h"

namespace railyard::exports {
namespace {

namespace fs = std::filesystem;

// The dataset (a sequence set's too), or the two sides of a pairs folder, opened and checked
// (open_folder.h); the side is "" for a plain dataset.
std::vector<std::pair<std::string, DatasetFolder>> open_sides(const fs::path& dataset) {
  try {
    OpenedFolder opened = open_folder(dataset);
    if (auto* pairs = std::get_if<PairsFolder>(&opened))
      return {{"base", pairs->base()}, {"intervened", pairs->intervened()}};
    if (auto* sequences = std::get_if<SequenceSet>(&opened)) return {{"", sequences->dataset()}};
    if (auto* folder = std::get_if<DatasetFolder>(&opened)) return {{"", std::move(*folder)}};
    throw ExportError(dataset.string() + ": a " +
                      std::string(kFolderContentNames.name(folder_content(dataset))) +
                      " folder, not a dataset or pairs folder (a suite's summary.json names its "
                      "variants' dataset folders)");
  } catch (const DatasetError& e) {
    throw ExportError(e.what());
  }
}

}  // namespace

std::string export_name(const ExportOptions& options) {
  std::string name(target_key(options.target));
  if (options.target == ExportTarget::SceneGraphs) return name;
  name += "_";
  name += vocabulary_key(options.vocabulary);
  if (options.noise.rate > 0.0) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%g", options.noise.rate);
    name += "_noise";
    name += rate;
  }
  return name;
}

DatasetExportSummary export_dataset(const fs::path& dataset, const ExportOptions& options,
                                    fs::path folder) {
  validate_options(options);
  DatasetExportSummary summary;
  summary.folder = folder.empty() ? dataset / "exports" / export_name(options) : std::move(folder);
  bool parts = options.target == ExportTarget::SceneGraphs;
  // The destination is checked before the dataset is read; both sides of a pairs folder go
  // into one staged folder, so a bad side leaves nothing new in place.
  StagedFolder staged(summary.folder, kExportFolder);
  for (const auto& [side, folder] : open_sides(dataset)) {
    DatasetExamples read = read_dataset_examples(folder, parts);
    summary.withheld += read.withheld;
    const SequenceExamples* sequences = read.sequences ? &*read.sequences : nullptr;
    summary.sides.emplace_back(side, write_export(options, read.examples, staged, side, sequences));
  }
  staged.commit();
  return summary;
}

}  // namespace railyard::exports
