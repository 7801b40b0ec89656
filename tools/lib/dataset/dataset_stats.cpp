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

nlohmann::ordered_json DatasetStats::to_json() const {
  nlohmann::ordered_json lengths = nlohmann::ordered_json::object();
  for (auto [n, count] : lengths_) lengths[std::to_string(n)] = count;
  nlohmann::ordered_json attributes = nlohmann::ordered_json::object();
  for (Descriptor d : kDescriptors) {
    nlohmann::ordered_json histogram = nlohmann::ordered_json::object();
    auto it = values_.find(d);
    for (int value : descriptor_values(d)) {
      std::uint64_t count = 0;
      if (it != values_.end() && it->second.count(value)) count = it->second.at(value);
      histogram[value_name(Vocabulary::Michalski, d, value)] = count;
    }
    attributes[std::string(descriptor_key(d))] = std::move(histogram);
  }
  nlohmann::ordered_json json = {{"samples", samples_},
                                 {"east", true_east_},
                                 {"west", samples_ - true_east_},
                                 {"published_east", published_east_},
                                 {"published_west", samples_ - published_east_},
                                 {"flipped_labels", flipped_}};
  if (withheld_ > 0) json["withheld_labels"] = withheld_;
  json["cars_per_train"] = std::move(lengths);
  json["attributes"] = std::move(attributes);
  return json;
}

}  // namespace railyard
