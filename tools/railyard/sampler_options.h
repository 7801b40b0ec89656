// Command-line options shared by every command that samples trains.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "logic/sampler.h"

namespace railyard {

struct SamplerOptions {
  std::string distribution = "MichalskiTrains";
  int min_cars = 2;
  int max_cars = 4;
  int cars = 0;  // exact length; 0 = use min/max
  bool occlusion = false;
  std::vector<std::string> constraints;

  // Throws ConfigError for bad values.
  SamplerConfig config() const;
};

void add_sampler_options(CLI::App& command, SamplerOptions& options);

}  // namespace railyard
