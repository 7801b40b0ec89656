#include "tools/lib/suite/suite_stats.h"

#include <cmath>

namespace railyard {
namespace {

Histogram histogram_of(const std::vector<std::pair<std::string, std::uint64_t>>& counts) {
  Histogram h;
  for (const auto& [name, count] : counts) h[name] = count;
  return h;
}

Histogram histogram_of(const std::map<std::uint64_t, std::uint64_t>& counts) {
  Histogram h;
  for (const auto& [length, count] : counts) h[std::to_string(length)] = count;
  return h;
}

}  // namespace

void VariantStats::add(std::uint64_t index, const LabelledTrain& train, Direction published,
                       bool labelled, const std::vector<TrainPattern>& holdout,
                       const std::vector<TrainPattern>& confounders) {
  SampleRecord record;  // the symbolic part of the sample's record: what DatasetStats reads
  record.index = index;
  record.train = train;
  record.published = published;
  record.labelled = labelled;
  counts.add(record);
  holdout_trains += matches_any(holdout, train.train);
  holdout_by_combination.resize(holdout.size());
  for (std::size_t k = 0; k < holdout.size(); ++k)
    holdout_by_combination[k] += holdout[k].matches(train.train);
  carriers.resize(confounders.size());
  for (std::size_t k = 0; k < confounders.size(); ++k)
    if (confounders[k].matches(train.train)) ++carriers[k][train.label == Direction::East ? 0 : 1];
}

double total_variation(const Histogram& a, const Histogram& b) {
  double total_a = 0.0, total_b = 0.0;
  for (const auto& [name, n] : a) total_a += static_cast<double>(n);
  for (const auto& [name, n] : b) total_b += static_cast<double>(n);
  if (total_a == 0.0 || total_b == 0.0) return 0.0;
  Histogram both = a;
  for (const auto& [name, n] : b) both.emplace(name, 0);
  double sum = 0.0;
  for (const auto& [name, unused] : both) {
    double p = a.count(name) ? static_cast<double>(a.at(name)) / total_a : 0.0;
    double q = b.count(name) ? static_cast<double>(b.at(name)) / total_b : 0.0;
    sum += std::abs(p - q);
  }
  return 0.5 * sum;
}

std::vector<std::pair<std::string, double>> distances(const DatasetCounts& counts,
                                                      const DatasetCounts& reference) {
  std::vector<std::pair<std::string, double>> result;
  result.emplace_back("cars_per_train", total_variation(histogram_of(counts.cars_per_train),
                                                        histogram_of(reference.cars_per_train)));
  for (const auto& [descriptor, histogram] : counts.attributes) {
    Histogram theirs;  // empty when the reference lacks the descriptor
    for (const auto& [name, values] : reference.attributes)
      if (name == descriptor) theirs = histogram_of(values);
    result.emplace_back(descriptor, total_variation(histogram_of(histogram), theirs));
  }
  return result;
}

}  // namespace railyard
