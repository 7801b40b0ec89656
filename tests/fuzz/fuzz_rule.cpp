#include <filesystem>
#include <ostream>
#include <string_view>
#include <vector>

#include "logic/rule.h"
#include "logic/sampler.h"
#include "tests/fuzz/fuzz_targets.h"

namespace railyard {
namespace {

// background.pl loaded once; each input starts from a copy. Output from write/1 and friends
// goes nowhere.
const prolog::Engine& background() {
  static std::ostream nowhere(nullptr);
  static const prolog::Engine engine = [] {
    prolog::Engine e;
    e.set_output(nowhere);
    e.consult_file(std::filesystem::path(RAILYARD_SOURCE_DIR) / "logic" / "rules" /
                   "background.pl");
    return e;
  }();
  return engine;
}

// Trains of 1 to 12 cars from both distributions, the same for every input.
const std::vector<Train>& trains() {
  static const std::vector<Train> fixed = [] {
    std::vector<Train> out;
    for (Distribution d : {Distribution::Michalski, Distribution::Random}) {
      SamplerConfig config;
      config.distribution = d;
      config.min_cars = 1;
      config.max_cars = 12;
      TrainSampler sampler(config);
      for (std::uint64_t i = 0; i < 2; ++i) out.push_back(sampler.sample(7, i));
    }
    return out;
  }();
  return fixed;
}

}  // namespace

int fuzz_rule(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    Rule rule = Rule::from_text(text, "fuzz.pl", background());
    // Small limits keep each input fast; the limits themselves are what is being tested.
    prolog::Limits limits;
    limits.max_steps = 20000;
    limits.max_depth = 5000;
    limits.max_term_cells = 1 << 17;
    rule.set_limits(limits);
    for (const Train& train : trains()) {
      try {
        rule.label(train);
      } catch (const RuleError&) {
      }
    }
  } catch (const RuleError&) {
  }
  return 0;
}

}  // namespace railyard
