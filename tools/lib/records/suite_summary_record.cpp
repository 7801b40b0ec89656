#include "tools/lib/records/suite_summary_record.h"

#include <algorithm>
#include <set>

#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;
using Field = JsonField<Json>;

Json variant_json(const SuiteVariantSummary& v) {
  Json counts = to_json(v.counts);
  return {{"name", v.name},
          {"folder", v.folder},
          {"seed", v.seed},
          {"rule", v.rule},
          {"distribution", v.distribution},
          {"cars", v.cars},
          {"scene", v.scene},
          {"representation", v.representation},
          {"backend", v.backend},
          {"holdout", v.holdout},
          {"supervision", v.supervision},
          {"label_noise", v.label_noise},
          {"count", v.count},
          {"checked_trains", v.checked_trains},
          {"samples", v.counts.samples},
          {"east", v.counts.east},
          {"west", v.counts.west},
          {"withheld_labels", v.counts.withheld_labels.value_or(0)},
          {"cars_per_train", counts["cars_per_train"]},
          {"distance", record_json<Json>(v.distance)},
          {"holdout_trains", v.holdout_trains},
          {"holdout_by_combination", v.holdout_by_combination},
          {"confounders", record_json<Json>(v.confounders)},
          {"counts", std::move(counts)}};
}

SuiteVariantSummary variant_from_json(const Field& field) {
  SuiteVariantSummary v;
  v.name = field["name"].as_string();
  v.folder = field["folder"].as_string();
  v.seed = field["seed"].as_unsigned();
  v.rule = field["rule"].as_string();
  v.distribution = field["distribution"].as_string();
  v.cars = field["cars"].as_string();
  v.scene = field["scene"].as_string();
  v.representation = field["representation"].as_string();
  v.backend = field["backend"].as_string();
  v.holdout = field["holdout"].as_bool();
  v.supervision = field["supervision"].as_number();
  v.label_noise = field["label_noise"].as_number();
  v.count = field["count"].as_unsigned();
  v.checked_trains = field["checked_trains"].as_unsigned();
  read_record(field["distance"], v.distance);
  v.holdout_trains = field["holdout_trains"].as_unsigned();
  read_record(field["holdout_by_combination"], v.holdout_by_combination);
  read_record(field["confounders"], v.confounders);
  read_record(field["counts"], v.counts);
  // The copies beside the counts are theirs.
  Json counts = to_json(v.counts);
  for (const char* key : {"samples", "east", "west", "cars_per_train"})
    if (field[key].json() != counts[key]) field[key].fail("is not counts." + std::string(key));
  if (field["withheld_labels"].as_unsigned() != v.counts.withheld_labels.value_or(0))
    field["withheld_labels"].fail("is not counts.withheld_labels");
  return v;
}

}  // namespace

Json to_json(const SuiteSummary& summary) {
  Json variants = Json::array();
  for (const SuiteVariantSummary& v : summary.variants) variants.push_back(variant_json(v));
  return {{"suite", summary.suite},
          {"file", summary.file},
          {"seed", summary.seed},
          {"curriculum", summary.curriculum},
          {"reference", summary.reference},
          {"holdout", summary.holdout},
          {"confounders", summary.confounders},
          {"variants", std::move(variants)}};
}

std::string suite_summary_text(const SuiteSummary& summary) {
  return to_json(summary).dump(2) + "\n";
}

SuiteSummary suite_summary_from_json(const Json& json, const JsonOrigin& origin) {
  Field field(json, origin);
  SuiteSummary summary;
  summary.suite = field["suite"].as_string();
  summary.file = field["file"].as_string();
  summary.seed = field["seed"].as_unsigned();
  summary.curriculum = field["curriculum"].as_bool();
  summary.reference = field["reference"].as_string();
  summary.holdout = field["holdout"].as_strings();
  summary.confounders = field["confounders"].as_strings();
  Field variants = field["variants"];
  std::set<std::string> names;
  for (const Field& v : variants.items()) {
    summary.variants.push_back(variant_from_json(v));
    const SuiteVariantSummary& variant = summary.variants.back();
    if (!names.insert(variant.name).second)
      v["name"].fail("variant '" + printable(variant.name) + "' is listed twice");
    const std::filesystem::path folder(variant.folder);
    bool inside = !folder.empty() && folder.is_relative();
    for (const std::filesystem::path& part : folder) inside = inside && part != "..";
    if (!inside) v["folder"].fail("not a folder inside the suite");
  }
  if (summary.variants.empty()) variants.fail("expected at least one variant");
  if (std::none_of(summary.variants.begin(), summary.variants.end(),
                   [&](const SuiteVariantSummary& v) { return v.name == summary.reference; }))
    field["reference"].fail("'" + printable(summary.reference) + "' is not one of the variants");
  return summary;
}

SuiteSummary read_suite_summary(const std::filesystem::path& file) {
  JsonOrigin origin{file.string()};
  return suite_summary_from_json(parse_ordered_json(read_file_text(file), origin), origin);
}

}  // namespace railyard
