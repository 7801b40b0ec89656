// GoogleTest printers for trains, so that failed comparisons show the train as a Prolog term.
#pragma once

#include <ostream>

#include "logic/rule.h"

namespace railyard {

inline void PrintTo(const Train& train, std::ostream* out) {
  *out << train_term(train);
}

inline void PrintTo(const Car& car, std::ostream* out) {
  Train one;
  one.cars = {car};
  *out << train_term(one);
}

}  // namespace railyard
