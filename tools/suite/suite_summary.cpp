#include "tools/suite/suite_summary.h"

#include <cstdio>

#include "logic/distribution.h"
#include "tools/records/dataset_paths.h"
#include "tools/suite/suite_picture.h"
#include "util/atomic_file.h"
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

Json variant_json(const Suite& suite, const SuiteCheck& check, std::size_t v,
                  const Json& reference_counts) {
  const SuiteVariant& variant = suite.variants[v];
  const DatasetConfig& c = variant.config;
  const VariantStats& stats = check.stats[v];
  Json counts = stats.counts.to_json();
  DatasetPaths paths(dataset_identity(c, check.inputs[v].rule_name, check.inputs[v].scene_name));
  Json distance = Json::object();
  for (const auto& [key, tv] : distances(counts, reference_counts)) distance[key] = rounded(tv);
  Json confounders = Json::array();
  std::uint64_t east = counts["east"], west = counts["west"];
  for (std::size_t k = 0; k < check.confounders.size(); ++k) {
    double e = share(stats.carriers[k][0], east), w = share(stats.carriers[k][1], west);
    confounders.push_back({{"attribute", check.confounders[k].describe()},
                           {"east_share", rounded(e)},
                           {"west_share", rounded(w)},
                           {"strength", rounded(e - w)}});
  }
  return {{"name", variant.name},
          {"folder", std::filesystem::relative(paths.root(), suite.folder()).generic_string()},
          {"seed", c.seed},
          {"rule", check.inputs[v].rule_name},
          {"distribution", std::string(distribution_name(c.sampler.distribution))},
          {"cars", std::to_string(c.sampler.min_cars) + "-" + std::to_string(c.sampler.max_cars)},
          {"scene", check.inputs[v].scene_name},
          {"representation", c.representation},
          {"backend", c.backend},
          {"holdout", variant.holdout},
          {"supervision", c.supervision},
          {"label_noise", c.label_noise},
          {"count", c.count},
          {"checked_trains", check.checked[v]},
          {"samples", counts["samples"]},
          {"east", east},
          {"west", west},
          {"withheld_labels", counts.value("withheld_labels", std::uint64_t{0})},
          {"cars_per_train", counts["cars_per_train"]},
          {"distance", std::move(distance)},
          {"holdout_trains", stats.holdout_trains},
          {"holdout_by_combination", stats.holdout_by_combination},
          {"confounders", std::move(confounders)},
          {"counts", std::move(counts)}};
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

std::string lengths_text(const Json& histogram) {
  std::string text;
  for (const auto& [n, count] : histogram.items())
    text += (text.empty() ? "" : ", ") + n + ": " + std::to_string(count.get<std::uint64_t>());
  return text;
}

}  // namespace

Json summary_json(const Suite& suite, const SuiteCheck& check) {
  Json reference = check.stats[suite.index_of(suite.reference)].counts.to_json();
  Json holdout = Json::array(), confounders = Json::array(), variants = Json::array();
  for (const TrainPattern& p : suite.holdout) holdout.push_back(p.describe());
  for (const TrainPattern& p : check.confounders) confounders.push_back(p.describe());
  for (std::size_t v = 0; v < suite.variants.size(); ++v)
    variants.push_back(variant_json(suite, check, v, reference));
  return {{"suite", suite.name},
          {"file", suite.file.filename().string()},
          {"seed", suite.seed},
          {"curriculum", suite.curriculum},
          {"reference", suite.reference},
          {"holdout", std::move(holdout)},
          {"confounders", std::move(confounders)},
          {"variants", std::move(variants)}};
}

std::string summary_markdown(const Json& summary) {
  std::string md = "# Suite " + summary["suite"].get<std::string>() + "\n\n";
  md += "From `" + summary["file"].get<std::string>() + "`, seed " +
        std::to_string(summary["seed"].get<std::uint64_t>()) + ". Distances are the total " +
        "variation to the training set " + code(summary["reference"]) +
        " (0: same distribution, 1: disjoint).\n\n";
  bool curriculum = summary["curriculum"];
  std::string partly;  // variants whose statistics come from their first trains only
  for (const Json& v : summary["variants"])
    if (v["checked_trains"].get<std::uint64_t>() < v["count"].get<std::uint64_t>())
      partly += (partly.empty() ? "" : ", ") + code(v["name"]) + " (" +
                std::to_string(v["checked_trains"].get<std::uint64_t>()) + " of " +
                std::to_string(v["count"].get<std::uint64_t>()) + ")";
  if (!partly.empty())
    md += "Statistics from the first trains only (`--check` samples at most " +
          std::to_string(kBoundedCheckTrains) +
          " trains of a variant without combination filters; a run's summary counts every "
          "train): " +
          partly + ".\n\n";
  md += header({curriculum ? "task" : "variant", "folder", "rule", "cars", "scene", "samples",
                "east / west", "labelled", "train lengths"});
  int task = 0;
  for (const Json& v : summary["variants"]) {
    std::string name = v["name"].get<std::string>();
    if (curriculum) name = std::to_string(++task) + ". " + name;
    if (v["holdout"].get<bool>()) name += " (hold-out)";
    std::uint64_t samples = v["samples"];
    md += row({name, code(v["folder"]), v["rule"], v["cars"], v["scene"], std::to_string(samples),
               std::to_string(v["east"].get<std::uint64_t>()) + " / " +
                   std::to_string(v["west"].get<std::uint64_t>()),
               number(100.0 * share(samples - v["withheld_labels"].get<std::uint64_t>(), samples),
                      "%.0f%%"),
               lengths_text(v["cars_per_train"])});
  }
  md += "\n## Distance to the training set\n\n";
  std::vector<std::string> columns = {"variant"};
  for (const auto& [key, tv] : summary["variants"][0]["distance"].items()) columns.push_back(key);
  md += header(columns);
  for (const Json& v : summary["variants"]) {
    std::vector<std::string> cells = {v["name"]};
    for (const auto& [key, tv] : v["distance"].items()) cells.push_back(number(tv));
    md += row(cells);
  }
  if (!summary["holdout"].empty()) {
    md += "\n## Hold-out\n\nHeld-out combinations: ";
    for (const Json& p : summary["holdout"]) md += code(p) + " ";
    md += "\n\n" + header({"variant", "role", "trains holding one", "each combination", "check"});
    for (const Json& v : summary["variants"]) {
      bool holdout = v["holdout"];
      std::uint64_t holding = v["holdout_trains"], samples = v["samples"];
      bool ok = holdout ? holding == samples : holding == 0;
      std::string each;
      for (const Json& n : v["holdout_by_combination"])
        each += (each.empty() ? "" : ", ") + std::to_string(n.get<std::uint64_t>());
      md += row({v["name"], holdout ? "hold-out test: every train" : "leakage: none allowed",
                 std::to_string(holding) + " of " + std::to_string(samples), each,
                 ok ? "ok" : "FAILED"});
    }
  }
  if (!summary["confounders"].empty()) {
    md += "\n## Confounders\n\nShare of eastbound and westbound trains carrying the attribute.\n\n";
    md += header({"variant", "attribute", "east", "west", "strength (east - west)"});
    for (const Json& v : summary["variants"])
      for (const Json& c : v["confounders"])
        md += row({v["name"], code(c["attribute"]), number(c["east_share"]),
                   number(c["west_share"]), number(c["strength"], "%+.3f")});
  }
  return md;
}

void write_summary(const Suite& suite, const SuiteCheck& check) {
  Json summary = summary_json(suite, check);
  std::filesystem::create_directories(suite.folder());
  // A killed run's temporaries of these files (the variants' folders clean their own).
  for (const char* name : {"summary.json", "summary.md", "summary.png"})
    remove_stale_temp_files(suite.folder(), name);
  write_file_atomically(suite.folder() / "summary.json", summary.dump(2) + "\n");
  write_file_atomically(suite.folder() / "summary.md", summary_markdown(summary));
  write_png(suite.folder() / "summary.png", summary_picture(summary));
}

}  // namespace railyard
