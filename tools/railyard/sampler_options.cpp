#include "tools/railyard/sampler_options.h"

#include "logic/errors.h"

namespace railyard {

SamplerConfig SamplerOptions::config() const {
  SamplerConfig config;
  auto parsed = parse_distribution(distribution);
  if (!parsed)
    throw ConfigError("--distribution '" + distribution +
                      "' is neither MichalskiTrains nor RandomTrains");
  config.distribution = *parsed;
  config.min_cars = cars > 0 ? cars : min_cars;
  config.max_cars = cars > 0 ? cars : max_cars;
  config.occlusion = occlusion;
  for (const auto& spec : constraints) add_constraint_spec(config.constraints, spec);
  return config;
}

void add_sampler_options(CLI::App& command, SamplerOptions& options) {
  command
      .add_option("--distribution", options.distribution,
                  "MichalskiTrains (michalski) or RandomTrains (random)")
      ->capture_default_str();
  command.add_option("--min-cars", options.min_cars, "fewest cars per train (1..20)")
      ->capture_default_str();
  command.add_option("--max-cars", options.max_cars, "most cars per train (1..20)")
      ->capture_default_str();
  command.add_option("--cars", options.cars, "exact number of cars (overrides min/max)");
  command.add_flag("--occlusion", options.occlusion, "wider rotation range [-70, 70]");
  command.add_option("-c,--constraint", options.constraints,
                     "attribute constraint, repeatable: roof=none,flat or color=red:3,blue:1");
}

}  // namespace railyard
