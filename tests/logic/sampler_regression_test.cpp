// Pins the sampler's output: datasets must be reproducible, so the same (seed, index, attempt) and
// configuration must give exactly the same train in every version. The expected hashes below were
// computed by the sampler as it was before its speed-up (binary search over the cumulative car
// table); a change here changes every dataset and needs a very good reason.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "logic/constraints.h"
#include "logic/sampler.h"

namespace railyard {
namespace {

// FNV-1a over every field of a train, independent of the code under test.
class TrainHash {
 public:
  void add(std::int64_t value) {
    for (int byte = 0; byte < 8; ++byte) {
      hash_ ^= static_cast<std::uint64_t>(value >> (8 * byte)) & 0xff;
      hash_ *= 0x100000001b3ULL;
    }
  }
  void add(const Train& train) {
    add(static_cast<std::int64_t>(train.cars.size()));
    add(train.angle);
    for (const Car& car : train.cars)
      for (int field : {car.position, static_cast<int>(car.shape), static_cast<int>(car.length),
                        static_cast<int>(car.wall), static_cast<int>(car.roof), car.axles,
                        static_cast<int>(car.load_shape), car.load_count})
        add(field);
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

struct PinnedCase {
  std::string name;
  Distribution distribution;
  int min_cars, max_cars;
  bool occlusion;
  std::string constraints;  // command-line specs separated by spaces, e.g. "roof=none,flat"
  std::uint64_t expected;
};

SamplerConfig config_of(const PinnedCase& c) {
  SamplerConfig config;
  config.distribution = c.distribution;
  config.min_cars = c.min_cars;
  config.max_cars = c.max_cars;
  config.occlusion = c.occlusion;
  std::istringstream specs(c.constraints);
  for (std::string spec; specs >> spec;) add_constraint_spec(config.constraints, spec);
  return config;
}

// Trains 0..2999 of three seeds, with attempts 0 and 3 (balanced sets draw further attempts).
std::uint64_t hash_of(const TrainSampler& sampler) {
  TrainHash hash;
  for (std::uint64_t seed : {0ULL, 42ULL, 0x8000'0000'0000'0007ULL})
    for (std::uint64_t attempt : {0ULL, 3ULL})
      for (std::uint64_t index = 0; index < 3000; ++index)
        hash.add(sampler.sample(seed, index, attempt));
  return hash.value();
}

const std::vector<PinnedCase> kPinned = {
    {"michalski_2_4", Distribution::Michalski, 2, 4, false, "", 0x48b2396ff2cd562eULL},
    {"random_2_4", Distribution::Random, 2, 4, false, "", 0xbbd107d216d1ad6bULL},
    {"michalski_1_occlusion", Distribution::Michalski, 1, 1, true, "", 0x5f7d70856ddef3fdULL},
    {"random_3_20", Distribution::Random, 3, 20, false, "", 0xfb3c6df60bd9a8c8ULL},
    {"michalski_allowed", Distribution::Michalski, 2, 6, false, "roof=none,flat load_count=1,2,3",
     0x0a01750d657a7cafULL},
    {"random_weighted", Distribution::Random, 2, 4, true,
     "shape=rectangle:3,hexagon:1,bucket:0.5 length=long", 0x29d40f7ed15f7bf8ULL},
    {"michalski_weighted", Distribution::Michalski, 4, 4, false,
     "load_shape=circle:1,triangle:5 wall=double:2,not_double:1", 0x1f541cd01184119fULL},
};

TEST(SamplerRegression, OutputIsPinned) {
  for (const PinnedCase& c : kPinned) {
    TrainSampler sampler(config_of(c));
    std::uint64_t hash = hash_of(sampler);
    EXPECT_EQ(hash, c.expected) << c.name << ": got 0x" << std::hex << hash;
  }
}

}  // namespace
}  // namespace railyard
