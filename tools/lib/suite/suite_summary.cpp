#include "tools/lib/suite/suite_summary.h"

#include <cmath>
#include <cstdio>
#include <map>

#include "logic/distribution.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/suite/suite_picture.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/png_io.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

double share(std::uint64_t part, std::uint64_t whole) {
  return whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

// Rounded for reading; the counts beside them are exact.
double rounded(double x) {
  return std::round(x * 1e6) / 1e6;
}

SuiteVariantSummary variant_summary(const Suite& suite, const SuiteCheck& check, std::size_t v,
                                    const DatasetCounts& reference_counts) {
  const SuiteVariant& variant = suite.variants[v];
  const DatasetConfig& c = variant.config;
  const VariantStats& stats = check.stats[v];
  DatasetPaths paths(dataset_identity(c, check.inputs[v].rule_name, check.inputs[v].scene_name));
  SuiteVariantSummary out;
  out.name = variant.name;
  out.folder = file_system::relative_to(paths.root(), suite.folder()).generic_string();
  out.seed = c.seed;
  out.rule = check.inputs[v].rule_name;
  out.distribution = std::string(distribution_name(c.sampler.distribution));
  out.cars = std::to_string(c.sampler.min_cars) + "-" + std::to_string(c.sampler.max_cars);
  out.scene = check.inputs[v].scene_name;
  out.representation = c.representation;
  out.backend = c.backend;
  out.holdout = variant.holdout;
  // A fading share (supervision_decay) as its mean over the variant's span.
  out.supervision = c.supervision_decay ? c.supervision_decay->mean() : c.supervision;
  out.label_noise = c.label_noise;
  out.count = c.count;
  out.checked_trains = check.checked[v];
  out.counts = stats.counts.counts();
  for (const auto& [key, tv] : distances(out.counts, reference_counts))
    out.distance.emplace_back(key, rounded(tv));
  out.holdout_trains = stats.holdout_trains;
  out.holdout_by_combination = stats.holdout_by_combination;
  std::uint64_t east = out.counts.east, west = out.counts.west;
  for (std::size_t k = 0; k < check.confounders.size(); ++k) {
    double e = share(stats.carriers[k][0], east), w = share(stats.carriers[k][1], west);
    out.confounders.push_back(
        {check.confounders[k].describe(), rounded(e), rounded(w), rounded(e - w)});
  }
  return out;
}

// `text` as Markdown code. (Appending, not "`" + text: GCC 12 warns falsely on that form.)
std::string code(const std::string& text) {
  std::string out = "`";
  out += text;
  out += "`";
  return out;
}

std::string number(double x, const char* format = "%.3f") {
  char text[32];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

std::string row(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const std::string& cell : cells) line += " " + cell + " |";
  return line + "\n";
}

std::string header(const std::vector<std::string>& cells) {
  std::string rule = "|";
  for (std::size_t i = 0; i < cells.size(); ++i) rule += "---|";
  return row(cells) + rule + "\n";
}

std::string lengths_text(const std::map<std::uint64_t, std::uint64_t>& histogram) {
  std::string text;
  for (const auto& [n, count] : histogram)
    text += (text.empty() ? "" : ", ") + std::to_string(n) + ": " + std::to_string(count);
  return text;
}

}  // namespace

SuiteSummary make_suite_summary(const Suite& suite, const SuiteCheck& check) {
  DatasetCounts reference = check.stats[suite.index_of(suite.reference)].counts.counts();
  SuiteSummary summary;
  summary.suite = suite.name;
  summary.file = suite.file.filename().string();
  summary.seed = suite.seed;
  summary.curriculum = suite.curriculum;
  summary.reference = suite.reference;
  for (const TrainPattern& p : suite.holdout) summary.holdout.push_back(p.describe());
  for (const TrainPattern& p : check.confounders) summary.confounders.push_back(p.describe());
  for (std::size_t v = 0; v < suite.variants.size(); ++v)
    summary.variants.push_back(variant_summary(suite, check, v, reference));
  return summary;
}

Json summary_json(const Suite& suite, const SuiteCheck& check) {
  return to_json(make_suite_summary(suite, check));
}

std::string summary_markdown(const SuiteSummary& summary) {
  std::string md = "# Suite " + summary.suite + "\n\n";
  md += "From `" + summary.file + "`, seed " + std::to_string(summary.seed) +
        ". Distances are the total " + "variation to the training set " + code(summary.reference) +
        " (0: same distribution, 1: disjoint).\n\n";
  bool curriculum = summary.curriculum;
  std::string partly;  // variants whose statistics come from their first trains only
  for (const SuiteVariantSummary& v : summary.variants)
    if (v.checked_trains < v.count)
      partly += (partly.empty() ? "" : ", ") + code(v.name) + " (" +
                std::to_string(v.checked_trains) + " of " + std::to_string(v.count) + ")";
  if (!partly.empty())
    md += "Statistics from the first trains only (`--check` samples at most " +
          std::to_string(kBoundedCheckTrains) +
          " trains of a variant without combination filters; a run's summary counts every "
          "train): " +
          partly + ".\n\n";
  md += header({curriculum ? "task" : "variant", "folder", "rule", "cars", "scene", "samples",
                "east / west", "labelled", "train lengths"});
  int task = 0;
  for (const SuiteVariantSummary& v : summary.variants) {
    std::string name = v.name;
    if (curriculum) name = std::to_string(++task) + ". " + name;
    if (v.holdout) name += " (hold-out)";
    std::uint64_t samples = v.counts.samples;
    md += row(
        {name, code(v.folder), v.rule, v.cars, v.scene, std::to_string(samples),
         std::to_string(v.counts.east) + " / " + std::to_string(v.counts.west),
         number(100.0 * share(samples - v.counts.withheld_labels.value_or(0), samples), "%.0f%%"),
         lengths_text(v.counts.cars_per_train)});
  }
  md += "\n## Distance to the training set\n\n";
  std::vector<std::string> columns = {"variant"};
  for (const auto& [key, tv] : summary.variants[0].distance) columns.push_back(key);
  md += header(columns);
  for (const SuiteVariantSummary& v : summary.variants) {
    std::vector<std::string> cells = {v.name};
    for (const auto& [key, tv] : v.distance) cells.push_back(number(tv));
    md += row(cells);
  }
  if (!summary.holdout.empty()) {
    md += "\n## Hold-out\n\nHeld-out combinations: ";
    for (const std::string& p : summary.holdout) md += code(p) + " ";
    md += "\n\n" + header({"variant", "role", "trains holding one", "each combination", "check"});
    for (const SuiteVariantSummary& v : summary.variants) {
      std::uint64_t holding = v.holdout_trains, samples = v.counts.samples;
      bool ok = v.holdout ? holding == samples : holding == 0;
      std::string each;
      for (std::uint64_t n : v.holdout_by_combination)
        each += (each.empty() ? "" : ", ") + std::to_string(n);
      md += row({v.name, v.holdout ? "hold-out test: every train" : "leakage: none allowed",
                 std::to_string(holding) + " of " + std::to_string(samples), each,
                 ok ? "ok" : "FAILED"});
    }
  }
  if (!summary.confounders.empty()) {
    md += "\n## Confounders\n\nShare of eastbound and westbound trains carrying the attribute.\n\n";
    md += header({"variant", "attribute", "east", "west", "strength (east - west)"});
    for (const SuiteVariantSummary& v : summary.variants)
      for (const SuiteConfounder& c : v.confounders)
        md += row({v.name, code(c.attribute), number(c.east_share), number(c.west_share),
                   number(c.strength, "%+.3f")});
  }
  return md;
}

SuiteSummary write_summary(const Suite& suite, const SuiteCheck& check) {
  SuiteSummary summary = make_suite_summary(suite, check);
  file_system::create_folders(suite.folder());
  // A killed run's temporaries of these files (the variants' folders clean their own).
  for (const char* name : {"summary.json", "summary.md", "summary.png"})
    remove_stale_temp_files(suite.folder(), name);
  write_file_atomically(suite.folder() / "summary.json", suite_summary_text(summary));
  write_file_atomically(suite.folder() / "summary.md", summary_markdown(summary));
  write_png(suite.folder() / "summary.png", summary_picture(summary));
  return summary;
}

}  // namespace railyard
