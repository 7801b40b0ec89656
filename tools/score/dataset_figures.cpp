#include "tools/score/dataset_figures.h"

#include <algorithm>
#include <array>

#include "logic/vocabulary.h"
#include "tools/records/formats/description.h"
#include "tools/score/calibration.h"
#include "tools/score/figure.h"

namespace railyard::score {

namespace {

using Json = nlohmann::ordered_json;

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

Json breakdowns_json(DatasetTallies& t, double z) {
  Json out = Json::array();
  t.length.sort_numeric();
  out.push_back(to_json(t.length, z));
  out.push_back(to_json(t.scene, z));
  out.push_back(to_json(t.distribution, z));
  for (BreakdownTally& b : t.cars_with) {
    if (b.order.size() < 2) continue;  // a value no car (or every car alike) carries says nothing
    b.sort_numeric();
    out.push_back(to_json(b, z));
  }
  return out;
}

Json misclassified_json(const DatasetTarget& dataset, const std::vector<Answer>& answers,
                        std::size_t cap) {
  Json out = Json::array();
  for (std::uint64_t i = 0; i < answers.size() && out.size() < cap; ++i) {
    const SampleTruth& truth = dataset.samples[i];
    if (!answers[i].given || is_right(truth, answers[i])) continue;
    Json entry = {{"index", i},
                  {"image", "images/" + truth.image},
                  {"split", kSplitNames[truth.split]},
                  {"label", std::string(name(truth.label))},
                  {"predicted", std::string(name(answers[i].predicted))}};
    entry["probability"] =
        answers[i].has_probability() ? Json(answers[i].probability) : Json(nullptr);
    entry["description"] = format_description({truth.train, truth.label});
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace

Json balanced_accuracy(std::uint64_t east_right, std::uint64_t east, std::uint64_t west_right,
                       std::uint64_t west, double z) {
  Figure e = proportion(east_right, east, z), w = proportion(west_right, west, z);
  // A class absent from the scored samples leaves the other's recall alone.
  if (east == 0) e = w;
  if (west == 0) w = e;
  Figure b{east + west, std::nullopt, (e.value + w.value) / 2, (e.low + w.low) / 2,
           (e.high + w.high) / 2};
  return to_json(b);
}

Json dataset_figures(const DatasetTarget& dataset, const std::vector<Answer>& answers,
                     const ScoreSettings& settings) {
  DatasetTallies t;
  prepare_cars_with(t);
  for (std::uint64_t i = 0; i < answers.size(); ++i)
    if (answers[i].given) add_sample(t, dataset, dataset.samples[i], answers[i]);
  double z = settings.z;
  Json out;
  out["name"] = dataset.name;
  out["folder"] = dataset.folder.string();
  out["samples"] = dataset.samples.size();
  out["accuracy"] = to_json(proportion(t.all.correct, t.all.n, z));
  out["balanced_accuracy"] =
      balanced_accuracy(t.east.correct, t.east.n, t.west.correct, t.west.n, z);
  out["recall"] = {{"east", to_json(proportion(t.east.correct, t.east.n, z))},
                   {"west", to_json(proportion(t.west.correct, t.west.n, z))}};
  out["splits"] = Json::object();
  for (int s = 0; s < 3; ++s)
    if (t.splits[s].n)
      out["splits"][kSplitNames[s]] = to_json(proportion(t.splits[s].correct, t.splits[s].n, z));
  out["breakdowns"] = breakdowns_json(t, z);
  out["calibration"] =
      t.forecasts.empty() ? Json(nullptr) : calibration_json(t.forecasts, settings.confidence);
  out["confounder"] = nullptr;
  if (dataset.confounder)
    out["confounder"] = {{"attribute", dataset.confounder->describe()},
                         {"goes_with", dataset.confounder_east ? "east" : "west"},
                         {"agrees", to_json(proportion(t.agrees.correct, t.agrees.n, z))},
                         {"disagrees", to_json(proportion(t.disagrees.correct, t.disagrees.n, z))}};
  out["heldout"] = nullptr;
  if (!dataset.heldout.empty()) {
    Json combinations = Json::array();
    for (const TrainPattern& p : dataset.heldout) combinations.push_back(p.describe());
    out["heldout"] = {{"combinations", combinations},
                      {"with", to_json(proportion(t.with.correct, t.with.n, z))},
                      {"without", to_json(proportion(t.without.correct, t.without.n, z))}};
  }
  out["misclassified"] = misclassified_json(dataset, answers, settings.misclassified);
  return out;
}

}  // namespace railyard::score
