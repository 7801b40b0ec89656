#include "logic/intervention/candidates.h"

#include <algorithm>
#include <vector>

namespace railyard {
namespace {

std::vector<Car> enumerate_valid_cars() {
  std::vector<Car> cars;
  for (int shape : descriptor_values(Descriptor::Shape))
    for (int length : descriptor_values(Descriptor::Length))
      for (int wall : descriptor_values(Descriptor::Wall))
        for (int roof : descriptor_values(Descriptor::Roof))
          for (int axles : descriptor_values(Descriptor::Axles)) {
            Car car = make_car(1, static_cast<Shape>(shape), static_cast<Length>(length),
                               static_cast<Wall>(wall), static_cast<Roof>(roof), axles,
                               LoadShape::Rectangle, 0);
            if (satisfies_visual_constraints(car)) cars.push_back(car);
            for (int load : descriptor_values(Descriptor::LoadShape))
              for (int count = 1; count <= 3; ++count) {
                car.load_shape = static_cast<LoadShape>(load);
                car.load_count = count;
                if (satisfies_visual_constraints(car)) cars.push_back(car);
              }
          }
  return cars;
}

}  // namespace

bool is_valid_train(const Train& train) {
  if (train.cars.empty()) return false;
  for (std::size_t i = 0; i < train.cars.size(); ++i) {
    const Car& car = train.cars[i];
    if (car.position != static_cast<int>(i) + 1 || !satisfies_visual_constraints(car)) return false;
    for (Descriptor d : kDescriptors) {
      auto values = descriptor_values(d);
      if (std::find(values.begin(), values.end(), descriptor_value(car, d)) == values.end())
        return false;
    }
  }
  return true;
}

std::span<const Car> valid_cars() {
  static const std::vector<Car> cars = enumerate_valid_cars();
  return cars;
}

}  // namespace railyard
