#include "tools/lib/records/formats/train_json.h"

#include "logic/vocabulary.h"

namespace railyard {

nlohmann::ordered_json car_json(Vocabulary vocabulary, const Car& car) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (Descriptor d : kDescriptors) {
    std::string key(descriptor_key(d));
    int value = descriptor_value(car, d);
    if (d == Descriptor::Axles || d == Descriptor::LoadCount)
      out[key] = value;
    else if (d == Descriptor::LoadShape && car.load_count == 0)
      out[key] = "none";
    else
      out[key] = value_name(vocabulary, d, value);
  }
  return out;
}

nlohmann::ordered_json train_json(const LabelledTrain& labelled, std::uint64_t index) {
  nlohmann::ordered_json cars = nlohmann::ordered_json::array();
  for (const Car& car : labelled.train.cars) {
    nlohmann::ordered_json entry = {{"position", car.position}};
    for (Vocabulary v : {Vocabulary::Michalski, Vocabulary::Trains, Vocabulary::Blocks})
      entry[std::string(vocabulary_name(v))] = car_json(v, car);
    cars.push_back(std::move(entry));
  }
  return {{"index", index},
          {"label", std::string(name(labelled.label))},
          {"angle", labelled.train.angle},
          {"num_cars", labelled.train.cars.size()},
          {"cars", std::move(cars)}};
}

}  // namespace railyard
