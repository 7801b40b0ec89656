#include "tools/lib/dataset/dataset_stats.h"

namespace railyard {

void DatasetStats::add(const SampleRecord& record) {
  const Train& train = record.train.train;
  ++samples_;
  true_east_ += record.train.label == Direction::East;
  published_east_ += record.published == Direction::East;
  flipped_ += record.published != record.train.label;
  withheld_ += !record.labelled;
  ++lengths_[train.cars.size()];
  for (const Car& car : train.cars)
    for (Descriptor d : kDescriptors) {
      if (d == Descriptor::LoadShape && car.load_count == 0) continue;
      ++values_[d][descriptor_value(car, d)];
    }
}

DatasetCounts DatasetStats::counts() const {
  DatasetCounts out;
  out.samples = samples_;
  out.east = true_east_;
  out.west = samples_ - true_east_;
  out.published_east = published_east_;
  out.published_west = samples_ - published_east_;
  out.flipped_labels = flipped_;
  if (withheld_ > 0) out.withheld_labels = withheld_;
  for (auto [n, count] : lengths_) out.cars_per_train[n] = count;
  for (Descriptor d : kDescriptors) {
    auto& [key, histogram] = out.attributes.emplace_back();
    key = descriptor_key(d);
    auto it = values_.find(d);
    for (int value : descriptor_values(d)) {
      std::uint64_t count = 0;
      if (it != values_.end() && it->second.count(value)) count = it->second.at(value);
      histogram.emplace_back(value_name(Vocabulary::Michalski, d, value), count);
    }
  }
  return out;
}

}  // namespace railyard
