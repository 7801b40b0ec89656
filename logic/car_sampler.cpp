#include "logic/car_sampler.h"

#include <algorithm>
#include <cmath>

#include "logic/errors.h"

namespace railyard {
namespace {

// The factor of one descriptor: the distribution's conditional, restricted to allowed values
// and, with custom weights, re-weighted within the distribution's own support in this context.
double factor(Distribution dist, const Constraints& constraints, Descriptor d, const Car& car,
              int value) {
  double base = conditional_probability(dist, d, car, value);
  if (base == 0.0) return 0.0;
  bool no_loads = d == Descriptor::LoadShape && car.load_count == 0;
  auto it = constraints.by_descriptor.find(d);
  if (it == constraints.by_descriptor.end() || no_loads) return base;
  const DescriptorConstraint& constraint = it->second;
  auto weight = constraint.weights.find(value);
  if (weight == constraint.weights.end()) return 0.0;
  if (!constraint.custom_weights) return base;
  double total = 0.0;
  for (int other : descriptor_values(d))
    if (conditional_probability(dist, d, car, other) > 0.0) {
      auto w = constraint.weights.find(other);
      total += w == constraint.weights.end() ? 0.0 : w->second;
    }
  return total > 0.0 ? weight->second / total : 0.0;
}

// Every car of non-zero weight with its weight, enumerated in kDrawOrder.
void enumerate(Distribution dist, const Constraints& constraints, std::size_t step, Car car,
               double weight, std::vector<Car>& cars, std::vector<double>& weights) {
  if (step == kDrawOrder.size()) {
    if (!satisfies_visual_constraints(car)) return;
    cars.push_back(car);
    weights.push_back(weight);
    return;
  }
  Descriptor d = kDrawOrder[step];
  for (int value : descriptor_values(d)) {
    set_descriptor_value(car, d, value);
    double f = factor(dist, constraints, d, car, value);
    if (f > 0.0) enumerate(dist, constraints, step + 1, car, weight * f, cars, weights);
  }
}

std::string blame(Distribution dist, const Constraints& constraints) {
  for (const auto& [d, constraint] : constraints.by_descriptor) {
    Constraints alone;
    alone.by_descriptor[d] = constraint;
    std::vector<Car> cars;
    std::vector<double> weights;
    enumerate(dist, alone, 0, Car{}, 1.0, cars, weights);
    if (cars.empty())
      return "constraint " + constraints.describe(d) + " leaves no car to sample under the " +
             std::string(distribution_name(dist)) + " distribution";
  }
  std::string all;
  for (const auto& entry : constraints.by_descriptor)
    all += (all.empty() ? "" : "; ") + constraints.describe(entry.first);
  return "constraints together (" + all + ") leave no car to sample under the " +
         std::string(distribution_name(dist)) + " distribution";
}

}  // namespace

CarSampler::CarSampler(Distribution distribution, const Constraints& constraints) {
  std::vector<double> weights;
  enumerate(distribution, constraints, 0, Car{}, 1.0, cars_, weights);
  if (cars_.empty()) throw ConfigError(blame(distribution, constraints));
  double total = 0.0;
  cumulative_.reserve(weights.size());
  for (double w : weights) cumulative_.push_back(total += w);
  for (double& c : cumulative_) c /= total;
  // As the reference, a draw past the rounded total takes the last car; uniforms are below 1.
  cumulative_.back() = 1.0;
  build_guide();
}

void CarSampler::build_guide() {
  // 64 buckets per car leave a draw few chances to need a search; 2^15 two-byte entries at most.
  // Indices fit 15 bits: there are 2 lengths x 5 shapes x 2 walls x 5 roofs x 2 axle counts x
  // 6 load shapes x 4 load counts = 4800 cars at most.
  static_assert(2 * 5 * 2 * 5 * 2 * 6 * 4 <= kIndexMask);
  int bits = 4;
  while (bits < 15 && (std::size_t{1} << bits) < 64 * cars_.size()) ++bits;
  guide_shift_ = 64 - bits;
  auto first_above = [&](double u) {
    return static_cast<std::uint16_t>(std::upper_bound(cumulative_.begin(), cumulative_.end(), u) -
                                      cumulative_.begin());
  };
  // Draws whose top bits are k are the uniforms in [k, k + 1) * 2^-bits, exactly.
  guide_.resize(std::size_t{1} << bits);
  for (std::size_t k = 0; k < guide_.size(); ++k) {
    double lowest = std::ldexp(static_cast<double>(k), -bits);
    double highest = std::ldexp(static_cast<double>(k + 1), -bits) - 0x1.0p-53;
    std::uint16_t first = first_above(lowest);
    guide_[k] =
        first_above(highest) == first ? static_cast<std::uint16_t>(first | kSingleCar) : first;
  }
}

double CarSampler::probability(const Car& car) const {
  Car key = car;
  key.position = 1;
  if (key.load_count == 0) key.load_shape = LoadShape::Rectangle;
  for (std::size_t i = 0; i < cars_.size(); ++i)
    if (cars_[i] == key) return cumulative_[i] - (i == 0 ? 0.0 : cumulative_[i - 1]);
  return 0.0;
}

}  // namespace railyard
