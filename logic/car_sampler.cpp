#include "logic/car_sampler.h"

#include <algorithm>

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
  cumulative_.back() = 1.0;
}

Car CarSampler::sample(RandomStream& random) const {
  double u = random.uniform();
  auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
  if (it == cumulative_.end()) --it;  // as the reference: a draw past the total takes the last
  return cars_[static_cast<std::size_t>(it - cumulative_.begin())];
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
