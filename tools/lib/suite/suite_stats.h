// What a suite's variants hold, from their trains alone (the symbolic part, no rendering): per
// variant the dataset's counts exactly as its manifest states them (DatasetStats), how many
// trains hold a held-out combination, and how often each confounder attribute comes with each
// class; across variants the total variation distance of every descriptor's value distribution
// and of the train length to the training set's.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "logic/train_pattern.h"
#include "tools/lib/dataset/dataset_stats.h"
#include "tools/lib/records/dataset_manifest.h"

namespace railyard {

struct VariantStats {
  DatasetStats counts;
  std::uint64_t holdout_trains = 0;  // trains holding one of the suite's held-out combinations
  std::vector<std::uint64_t> holdout_by_combination;  // trains holding each of them
  // Per confounder attribute of the suite: [east trains carrying it, west trains carrying it].
  std::vector<std::array<std::uint64_t, 2>> carriers;

  // One sample: its train with the true label, the published label and whether it is given.
  void add(std::uint64_t index, const LabelledTrain& train, Direction published, bool labelled,
           const std::vector<TrainPattern>& holdout, const std::vector<TrainPattern>& confounders);
};

// A distribution over named values (counts), as the manifest's histograms give them.
using Histogram = std::map<std::string, std::uint64_t>;

// Half the L1 distance between the normalised histograms: 0 for equal distributions, 1 for
// disjoint ones; 0 when either is empty.
double total_variation(const Histogram& a, const Histogram& b);

// Per descriptor ("shape", ..., and "cars_per_train" for the train length), the distance of a
// variant's distributions to the reference's, in the counts' order.
std::vector<std::pair<std::string, double>> distances(const DatasetCounts& counts,
                                                      const DatasetCounts& reference);

}  // namespace railyard
