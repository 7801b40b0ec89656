#include "logic/train.h"

namespace railyard {

bool satisfies_visual_constraints(const Car& car) {
  if (car.length == Length::Short) return car.axles == 2 && car.load_count <= 2;
  return (car.axles == 2 || car.axles == 3) && car.load_count >= 0 && car.load_count <= 3;
}

}  // namespace railyard
