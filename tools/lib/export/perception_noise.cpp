#include "tools/lib/export/perception_noise.h"

#include <array>

#include "util/random.h"

namespace railyard::exports {
namespace {

// Separates these draws from the sampler's, label noise's and the splits' (util/random.h).
constexpr std::uint64_t kPerceptionNoiseDomain = 0x6174'7472'6e6f'0004ULL;

// The load count comes before the load shape, so that the shape is only drawn for cars that
// (still) carry loads.
constexpr std::array kNoiseOrder = {Descriptor::Shape,    Descriptor::Length, Descriptor::Wall,
                                    Descriptor::Roof,     Descriptor::Axles,  Descriptor::LoadCount,
                                    Descriptor::LoadShape};

// FNV-1a: the id's share of the stream key, so that both sides of an intervention pair (one
// dataset index, two ids) get draws of their own.
std::uint64_t id_hash(std::string_view id) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (char c : id) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

// The other values of d this car could show within the visual constraints.
std::vector<int> alternatives(const Car& car, Descriptor d) {
  std::vector<int> values;
  int current = descriptor_value(car, d);
  for (int value : descriptor_values(d)) {
    if (value == current) continue;
    Car changed = car;
    set_descriptor_value(changed, d, value);
    if (satisfies_visual_constraints(changed)) values.push_back(value);
  }
  return values;
}

int draw(RandomStream& random, std::span<const int> values) {
  auto last = static_cast<std::int64_t>(values.size()) - 1;
  return values[static_cast<std::size_t>(random.uniform_int(0, last))];
}

void perturb(Car& car, Descriptor d, RandomStream& random, std::vector<AttributeChange>& changes) {
  if (d == Descriptor::LoadShape && car.load_count == 0) return;
  std::vector<int> values = alternatives(car, d);
  if (values.empty()) return;
  int from = descriptor_value(car, d);
  int to = draw(random, values);
  changes.push_back({car.position, d, from, to});
  set_descriptor_value(car, d, to);
  if (d != Descriptor::LoadCount) return;
  if (from == 0) {  // loads appear: they need a shape
    int shape = draw(random, descriptor_values(Descriptor::LoadShape));
    changes.push_back({car.position, Descriptor::LoadShape, kNoLoadShape, shape});
    car.load_shape = static_cast<LoadShape>(shape);
  } else if (to == 0) {
    changes.push_back(
        {car.position, Descriptor::LoadShape, static_cast<int>(car.load_shape), kNoLoadShape});
  }
}

void append_value(std::string& out, Descriptor d, int value) {
  if (d == Descriptor::Axles || d == Descriptor::LoadCount) {
    out += std::to_string(value);
    return;
  }
  out += '"';
  out += value == kNoLoadShape ? "none" : value_name(Vocabulary::Michalski, d, value);
  out += '"';
}

}  // namespace

std::vector<AttributeChange> apply_perception_noise(Train& train, const PerceptionNoise& noise,
                                                    std::uint64_t index, std::string_view id) {
  std::vector<AttributeChange> changes;
  if (noise.rate <= 0.0) return changes;
  RandomStream random(noise.seed, index, id_hash(id), kPerceptionNoiseDomain);
  for (Car& car : train.cars)
    for (Descriptor d : kNoiseOrder)
      if (random.bernoulli(noise.rate)) perturb(car, d, random, changes);
  return changes;
}

void apply_changes(Train& train, const std::vector<AttributeChange>& changes) {
  for (const AttributeChange& change : changes) {
    Car& car = train.cars[static_cast<std::size_t>(change.car - 1)];
    if (change.to != kNoLoadShape) set_descriptor_value(car, change.attribute, change.to);
  }
}

void append_noise_record(std::string& out, std::string_view id, std::uint64_t index,
                         const std::vector<AttributeChange>& changes) {
  out.append("{\"id\":\"").append(id).append("\",\"index\":").append(std::to_string(index));
  out.append(",\"changes\":[");
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const AttributeChange& change = changes[i];
    out.append(i == 0 ? "{" : ",{").append("\"car\":").append(std::to_string(change.car));
    out.append(",\"attribute\":\"").append(descriptor_key(change.attribute)).append("\",\"from\":");
    append_value(out, change.attribute, change.from);
    out.append(",\"to\":");
    append_value(out, change.attribute, change.to);
    out.append("}");
  }
  out.append("]}\n");
}

}  // namespace railyard::exports
