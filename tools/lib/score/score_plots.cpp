#include "tools/lib/score/score_plots.h"

#include <map>

#include "tools/lib/score/calibration.h"
#include "tools/lib/score/chart.h"
#include "util/file_system.h"
#include "util/png_io.h"
#include "util/wilson.h"

namespace railyard::score {

namespace fs = std::filesystem;

namespace {

std::vector<ChartRow> rows_of(const Breakdown& breakdown) {
  std::vector<ChartRow> rows;
  for (const BreakdownRow& row : breakdown.rows) rows.push_back({row.value, row.figure});
  return rows;
}

// A breakdown's rows summed over datasets (same row values), numeric order.
std::vector<ChartRow> pooled(const std::vector<DatasetScore>& datasets, const std::string& by,
                             double z) {
  std::map<long long, std::pair<std::uint64_t, std::uint64_t>> sums;
  for (const DatasetScore& d : datasets)
    for (const Breakdown& b : d.breakdowns)
      if (b.by == by)
        for (const BreakdownRow& row : b.rows) {
          auto& [n, correct] = sums[std::stoll(row.value)];
          n += row.figure.n;
          correct += row.figure.correct.value_or(0);
        }
  std::vector<ChartRow> rows;
  for (const auto& [value, sum] : sums)
    rows.push_back({std::to_string(value), proportion(sum.second, sum.first, z)});
  return rows;
}

std::vector<CalibrationBin> pooled_bins(const std::vector<DatasetScore>& datasets) {
  std::vector<CalibrationBin> bins;
  std::vector<double> probability_sums;
  for (const DatasetScore& d : datasets) {
    if (!d.calibration) continue;
    const std::vector<CalibrationBin>& list = d.calibration->bins;
    if (bins.empty()) bins.resize(list.size()), probability_sums.resize(list.size());
    for (std::size_t k = 0; k < list.size() && k < bins.size(); ++k) {
      bins[k].low = list[k].low, bins[k].high = list[k].high;
      bins[k].n += list[k].n;
      bins[k].east += list[k].east;
      probability_sums[k] += list[k].confidence * static_cast<double>(list[k].n);
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
  std::vector<Plot> list{};
  void add(const std::string& name, const std::string& title, const Image<Rgb8>& image) {
    file_system::create_folders(folder / "plots");
    write_png(folder / "plots" / (name + ".png"), image);
    list.push_back({"plots/" + name + ".png", title});
  }
};

}  // namespace

std::vector<Plot> write_plots(const ScoreReport& score, const fs::path& folder) {
  PlotWriter plots{folder};
  double z = z_for_confidence(score.confidence);
  const std::vector<DatasetScore>& datasets = score.datasets;
  if (!datasets.empty()) {
    std::string title = datasets.size() > 1 ? "Accuracy by train length (all datasets pooled)"
                                            : "Accuracy by train length";
    plots.add("accuracy_by_length", title,
              column_chart(title, "cars per train", pooled(datasets, "train_length", z)));
  }
  if (datasets.size() > 1) {
    std::vector<ChartRow> rows;
    for (const DatasetScore& d : datasets) rows.push_back({d.name, d.accuracy});
    plots.add("accuracy_by_variant", "Accuracy by variant", bar_chart("Accuracy by variant", rows));
  }
  if (std::vector<CalibrationBin> bins = pooled_bins(datasets); !bins.empty())
    plots.add("reliability", "Reliability diagram",
              reliability_diagram("Reliability diagram", bins));
  if (score.pairs)
    plots.add(
        "consistency_by_operation", "Counterfactual consistency by operation",
        bar_chart("Counterfactual consistency by operation", rows_of(score.pairs->by_operation)));
  if (const auto& s = score.sequences) {
    plots.add("sequence_accuracy_by_length", "Sequence accuracy by length",
              column_chart("Sequence accuracy by length", "steps", rows_of(s->by_length)));
    if (s->predicates)
      plots.add("predicate_accuracy", "Per-step predicate accuracy",
                bar_chart("Per-step predicate accuracy", rows_of(*s->predicates)));
  }
  if (score.worlds)
    plots.add("accuracy_by_world", "Accuracy by world",
              bar_chart("Accuracy by world", rows_of(score.worlds->by_world)));
  return plots.list;
}

}  // namespace railyard::score
