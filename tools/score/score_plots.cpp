#include "tools/score/score_plots.h"

#include <map>

#include "tools/score/calibration.h"
#include "tools/score/chart.h"
#include "util/file_system.h"
#include "util/png_io.h"
#include "util/wilson.h"

namespace railyard::score {

namespace fs = std::filesystem;
using nlohmann::json;
using Json = nlohmann::ordered_json;

namespace {

Figure figure_of(const json& f) {
  return figure_from_json(f, "score.json");
}

std::vector<ChartRow> rows_of(const json& breakdown) {
  std::vector<ChartRow> rows;
  for (const json& row : breakdown.at("rows"))
    rows.push_back({row.at("value").get<std::string>(), figure_of(row.at("figure"))});
  return rows;
}

// A breakdown's rows summed over datasets (same row values), numeric order.
std::vector<ChartRow> pooled(const json& datasets, const std::string& by, double z) {
  std::map<long long, std::pair<std::uint64_t, std::uint64_t>> sums;
  for (const json& d : datasets)
    for (const json& b : d.at("breakdowns"))
      if (b.at("by") == by)
        for (const json& row : b.at("rows")) {
          auto& [n, correct] = sums[std::stoll(row.at("value").get<std::string>())];
          n += row.at("figure").at("n").get<std::uint64_t>();
          correct += row.at("figure").value("correct", std::uint64_t{0});
        }
  std::vector<ChartRow> rows;
  for (const auto& [value, sum] : sums)
    rows.push_back({std::to_string(value), proportion(sum.second, sum.first, z)});
  return rows;
}

std::vector<CalibrationBin> pooled_bins(const json& datasets) {
  std::vector<CalibrationBin> bins;
  std::vector<double> probability_sums;
  for (const json& d : datasets) {
    if (!d.contains("calibration") || d["calibration"].is_null()) continue;
    const json& list = d["calibration"].at("bins");
    if (bins.empty()) bins.resize(list.size()), probability_sums.resize(list.size());
    for (std::size_t k = 0; k < list.size() && k < bins.size(); ++k) {
      bins[k].low = list[k].at("low"), bins[k].high = list[k].at("high");
      std::uint64_t n = list[k].at("n");
      bins[k].n += n;
      bins[k].east += list[k].at("east").get<std::uint64_t>();
      probability_sums[k] += list[k].at("confidence").get<double>() * static_cast<double>(n);
    }
  }
  for (std::size_t k = 0; k < bins.size(); ++k)
    if (bins[k].n) {
      bins[k].confidence = probability_sums[k] / static_cast<double>(bins[k].n);
      bins[k].accuracy = static_cast<double>(bins[k].east) / static_cast<double>(bins[k].n);
    }
  return bins;
}

struct PlotWriter {
  fs::path folder;
  Json list = Json::array();
  void add(const std::string& name, const std::string& title, const Image<Rgb8>& image) {
    file_system::create_folders(folder / "plots");
    write_png(folder / "plots" / (name + ".png"), image);
    list.push_back({{"file", "plots/" + name + ".png"}, {"title", title}});
  }
};

}  // namespace

Json write_plots(const json& score, const fs::path& folder) {
  PlotWriter plots{folder};
  double z = z_for_confidence(score.value("confidence", 0.95));
  const json& datasets = score.at("datasets");
  if (!datasets.empty()) {
    std::string title = datasets.size() > 1 ? "Accuracy by train length (all datasets pooled)"
                                            : "Accuracy by train length";
    plots.add("accuracy_by_length", title,
              column_chart(title, "cars per train", pooled(datasets, "train_length", z)));
  }
  if (datasets.size() > 1) {
    std::vector<ChartRow> rows;
    for (const json& d : datasets) rows.push_back({d.at("name"), figure_of(d.at("accuracy"))});
    plots.add("accuracy_by_variant", "Accuracy by variant", bar_chart("Accuracy by variant", rows));
  }
  if (std::vector<CalibrationBin> bins = pooled_bins(datasets); !bins.empty())
    plots.add("reliability", "Reliability diagram",
              reliability_diagram("Reliability diagram", bins));
  if (score.contains("pairs") && !score["pairs"].is_null())
    plots.add("consistency_by_operation", "Counterfactual consistency by operation",
              bar_chart("Counterfactual consistency by operation",
                        rows_of(score["pairs"].at("by_operation"))));
  if (score.contains("sequences") && !score["sequences"].is_null()) {
    const json& s = score["sequences"];
    plots.add("sequence_accuracy_by_length", "Sequence accuracy by length",
              column_chart("Sequence accuracy by length", "steps", rows_of(s.at("by_length"))));
    if (!s.at("predicates").is_null())
      plots.add("predicate_accuracy", "Per-step predicate accuracy",
                bar_chart("Per-step predicate accuracy", rows_of(s["predicates"])));
  }
  if (score.contains("worlds") && !score["worlds"].is_null())
    plots.add("accuracy_by_world", "Accuracy by world",
              bar_chart("Accuracy by world", rows_of(score["worlds"].at("by_world"))));
  return plots.list;
}

}  // namespace railyard::score
