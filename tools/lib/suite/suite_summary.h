// The summary of a suite, from its symbolic pass (suite_check.h): summary.json (everything),
// summary.md (a table per topic) and summary.png (suite_picture.h), in the suite's folder.
//
// summary.json:
//   {"suite", "file", "seed", "curriculum", "reference", "holdout": ["{color: red, ...}"],
//    "confounders": ["{car: 1, color: blue}"],
//    "variants": [{"name", "folder" (the dataset, relative to the suite folder), "seed",
//      "rule", "distribution", "cars": "2-4", "scene", "representation", "backend",
//      "holdout" (a hold-out variant), "supervision" (the share of labels given; under
//      supervision_decay the curve's mean over the variant's span), "label_noise",
//      "count" (the dataset's size), "checked_trains" (the trains the statistics below come from:
//      count, except in `--check` of a variant without combination filters or compositions, whose
//      first kBoundedCheckTrains only are sampled), "samples", "east", "west", "withheld_labels",
//      "cars_per_train": {n: count}, "distance": {"cars_per_train": tv, "shape": tv, ...} (total
//      variation to the reference), "holdout_trains" (trains holding a held-out combination: the
//      leakage, 0 outside hold-out variants), "holdout_by_combination": [trains holding each],
//      "confounders": [{"attribute", "east_share", "west_share", "strength"}] (share of east / west
//      trains carrying it; strength = east_share - west_share), "counts" (exactly the manifest's
//      counts)}]}
//
// The typed record of the file, its to_json and its checked reader: suite_summary_record.h.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tools/lib/records/suite_summary_record.h"
#include "tools/lib/suite/suite.h"
#include "tools/lib/suite/suite_check.h"

namespace railyard {

SuiteSummary make_suite_summary(const Suite& suite, const SuiteCheck& check);
// to_json(make_suite_summary(suite, check)): summary.json's content.
nlohmann::ordered_json summary_json(const Suite& suite, const SuiteCheck& check);

std::string summary_markdown(const SuiteSummary& summary);

// summary.json, summary.md and summary.png in the suite's folder, each written atomically.
SuiteSummary write_summary(const Suite& suite, const SuiteCheck& check);  // what it wrote

}  // namespace railyard
