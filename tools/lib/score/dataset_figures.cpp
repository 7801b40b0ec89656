#include "tools/lib/score/dataset_figures.h"

#include <algorithm>
#include <array>

#include "logic/vocabulary.h"
#include "tools/lib/records/formats/description.h"
#include "tools/lib/score/calibration.h"
#include "tools/lib/score/figure.h"

namespace railyard::score {

namespace {

// Tallies of one dataset, walked once over its answered samples.
struct DatasetTallies {
  Tally all, east, west;
  std::array<Tally, 3> splits;
  BreakdownTally length{"train_length", "Accuracy by train length"};
  BreakdownTally scene{"scene", "Accuracy by scene"};
  BreakdownTally distribution{"distribution", "Accuracy by distribution"};
  // Per descriptor value: by the number of cars carrying it.
  std::vector<BreakdownTally> cars_with;
  std::vector<std::pair<Descriptor, int>> values;
  Tally agrees, disagrees, with, without;
  std::vector<Forecast> forecasts;
};

void prepare_cars_with(DatasetTallies& t) {
  for (Descriptor d : kDescriptors)
    for (int value : descriptor_values(d)) {
      std::string key(descriptor_key(d)), name = value_name(Vocabulary::Michalski, d, value);
      t.values.emplace_back(d, value);
      t.cars_with.emplace_back("cars_with:" + key + "=" + name,
                               "Accuracy by number of cars with " + key + " " + name);
    }
}

// A load shape counts only on cars that carry loads (as combination patterns do).
int cars_carrying(const Train& train, Descriptor d, int value) {
  int n = 0;
  for (const Car& car : train.cars)
    if (descriptor_value(car, d) == value && (d != Descriptor::LoadShape || car.load_count > 0))
      ++n;
  return n;
}

void add_sample(DatasetTallies& t, const DatasetTarget& dataset, const SampleTruth& truth,
                const Answer& answer) {
  bool right = is_right(truth, answer);
  t.all.add(right);
  (truth.label == Direction::East ? t.east : t.west).add(right);
  t.splits[truth.split].add(right);
  t.length.add(std::to_string(truth.train.cars.size()), right);
  t.scene.add(dataset.scenes[truth.scene], right);
  t.distribution.add(dataset.distribution, right);
  for (std::size_t k = 0; k < t.values.size(); ++k)
    t.cars_with[k].add(
        std::to_string(cars_carrying(truth.train, t.values[k].first, t.values[k].second)), right);
  if (dataset.confounder) {
    bool carries = dataset.confounder->matches(truth.train);
    bool agrees = carries == ((truth.label == Direction::East) == dataset.confounder_east);
    (agrees ? t.agrees : t.disagrees).add(right);
  }
  if (!dataset.heldout.empty())
    (matches_any(dataset.heldout, truth.train) ? t.with : t.without).add(right);
  if (answer.has_probability())
    t.forecasts.push_back({answer.probability, truth.label == Direction::East});
}

std::vector<Breakdown> breakdowns(DatasetTallies& t, double z) {
  t.length.sort_numeric();
  std::vector<Breakdown> out = {breakdown_of(t.length, z), breakdown_of(t.scene, z),
                                breakdown_of(t.distribution, z)};
  for (BreakdownTally& b : t.cars_with) {
    if (b.order.size() < 2) continue;  // a value no car (or every car alike) carries says nothing
    b.sort_numeric();
    out.push_back(breakdown_of(b, z));
  }
  return out;
}

std::vector<Misclassified> misclassified(const DatasetTarget& dataset,
                                         const std::vector<Answer>& answers, std::size_t cap) {
  std::vector<Misclassified> out;
  for (std::uint64_t i = 0; i < answers.size() && out.size() < cap; ++i) {
    const SampleTruth& truth = dataset.samples[i];
    if (!answers[i].given || is_right(truth, answers[i])) continue;
    out.push_back({i, "images/" + truth.image, kSplitNames[truth.split],
                   std::string(name(truth.label)), std::string(name(answers[i].predicted)),
                   answers[i].has_probability() ? std::optional<double>(answers[i].probability)
                                                : std::nullopt,
                   format_description({truth.train, truth.label})});
  }
  return out;
}

}  // namespace

Figure balanced_accuracy(const Tally& east, const Tally& west, double z) {
  Figure e = proportion(east.correct, east.n, z), w = proportion(west.correct, west.n, z);
  // A class absent from the scored samples leaves the other's recall alone.
  if (east.n == 0) e = w;
  if (west.n == 0) w = e;
  return {east.n + west.n, std::nullopt, (e.value + w.value) / 2, (e.low + w.low) / 2,
          (e.high + w.high) / 2};
}

std::map<std::string, Figure> splits_of(const std::array<Tally, 3>& splits, double z) {
  std::map<std::string, Figure> out;
  for (int s = 0; s < 3; ++s)
    if (splits[s].n) out[kSplitNames[s]] = proportion(splits[s].correct, splits[s].n, z);
  return out;
}

DatasetScore dataset_figures(const DatasetTarget& dataset, const std::vector<Answer>& answers,
                             const ScoreSettings& settings) {
  DatasetTallies t;
  prepare_cars_with(t);
  for (std::uint64_t i = 0; i < answers.size(); ++i)
    if (answers[i].given) add_sample(t, dataset, dataset.samples[i], answers[i]);
  double z = settings.z;
  std::optional<Confounder> confounder;
  if (dataset.confounder)
    confounder = {dataset.confounder->describe(), dataset.confounder_east ? "east" : "west",
                  proportion(t.agrees.correct, t.agrees.n, z),
                  proportion(t.disagrees.correct, t.disagrees.n, z)};
  std::optional<Heldout> heldout;
  if (!dataset.heldout.empty()) {
    heldout = {
        {}, proportion(t.with.correct, t.with.n, z), proportion(t.without.correct, t.without.n, z)};
    for (const TrainPattern& p : dataset.heldout) heldout->combinations.push_back(p.describe());
  }
  return DatasetScore{
      dataset.name,
      dataset.folder.string(),
      dataset.samples.size(),
      proportion(t.all.correct, t.all.n, z),
      balanced_accuracy(t.east, t.west, z),
      {proportion(t.east.correct, t.east.n, z), proportion(t.west.correct, t.west.n, z)},
      splits_of(t.splits, z),
      breakdowns(t, z),
      t.forecasts.empty() ? std::nullopt
                          : std::optional(calibration_of(t.forecasts, settings.confidence)),
      std::move(confounder),
      std::move(heldout),
      misclassified(dataset, answers, settings.misclassified)};
}

}  // namespace railyard::score
