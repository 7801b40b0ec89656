// A suite's summary.json as a typed record (the file's keys: suite_summary.h): made by the
// suite's symbolic pass (make_suite_summary), drawn (suite_picture.h) and tabled
// (summary_markdown), and read back checked (read_suite_summary).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tools/lib/records/dataset_manifest.h"
#include "tools/lib/records/json/json_fields.h"

namespace railyard {

// How strongly a confounder attribute goes with the east class in a variant.
struct SuiteConfounder {
  std::string attribute;    // "{car: 1, color: blue}"
  double east_share = 0.0;  // of east trains carrying it
  double west_share = 0.0;  // of west trains carrying it
  double strength = 0.0;    // east_share - west_share

  bool operator==(const SuiteConfounder&) const = default;
};
RAILYARD_RECORD(SuiteConfounder, attribute, east_share, west_share, strength)

struct SuiteVariantSummary {
  std::string name;
  std::string folder;  // the dataset, relative to the suite folder
  std::uint64_t seed = 0;
  std::string rule, distribution, cars, scene, representation, backend;
  bool holdout = false;  // a hold-out variant
  double supervision = 1.0, label_noise = 0.0;
  std::uint64_t count = 0;           // the dataset's size
  std::uint64_t checked_trains = 0;  // the trains the statistics come from
  // Total variation to the reference per descriptor ("cars_per_train" for the length), in order.
  std::vector<std::pair<std::string, double>> distance;
  std::uint64_t holdout_trains = 0;  // trains holding a held-out combination
  std::vector<std::uint64_t> holdout_by_combination;
  std::vector<SuiteConfounder> confounders;
  // Exactly the manifest's counts; the file's "samples", "east", "west", "withheld_labels" and
  // "cars_per_train" beside them are these.
  DatasetCounts counts;

  bool operator==(const SuiteVariantSummary&) const = default;
};

struct SuiteSummary {
  std::string suite;  // its name
  std::string file;   // the suite file's name
  std::uint64_t seed = 0;
  bool curriculum = false;
  std::string reference;                 // the training set's variant
  std::vector<std::string> holdout;      // held-out combinations, "{color: red, ...}"
  std::vector<std::string> confounders;  // every variant's confounder attribute, once each
  std::vector<SuiteVariantSummary> variants;

  bool operator==(const SuiteSummary&) const = default;
};

nlohmann::ordered_json to_json(const SuiteSummary& summary);
std::string suite_summary_text(const SuiteSummary& summary);  // the bytes of summary.json

// Throws DatasetError naming `origin` and the key when the JSON is not a suite summary (a key
// missing or of another type, no variants, a reference that is not one of them, counts beside
// the manifest's counts that are not theirs).
SuiteSummary suite_summary_from_json(const nlohmann::ordered_json& json, const JsonOrigin& origin);
// Reads summary.json (IoError when it cannot be read).
SuiteSummary read_suite_summary(const std::filesystem::path& file);

}  // namespace railyard
