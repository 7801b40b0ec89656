// The small sequence set the sequence tests build (generate, verify, exports): 12 sequences of
// 2 to 5 steps of G(east -> X roofed), `roofed` written inline, `heavy` (the numerical rule) an
// orphan, tiny images of the test backend, no depth EXR.
#pragma once

#include <filesystem>

#include "tests/support/test_backend.h"
#include "tools/lib/dataset/config.h"

namespace railyard::testing {

inline constexpr const char* kRoofedClauses = "roofed(T) :- has_car(T, C), closed(C).";

inline DatasetConfig small_sequence_config(const std::filesystem::path& output) {
  DatasetConfig c;
  c.count = 12;  // sequences
  c.seed = 5;
  c.width = 48;
  c.height = 27;
  c.splits = {0.5, 0.25, 0.25};
  c.output = output;
  c.threads = 2;
  c.backend = test_backend();
  c.samples = test_samples();
  c.outputs.depth_exr = false;
  c.sequence.formula = "G(east -> X roofed)";
  c.sequence.min_length = 2;
  c.sequence.max_length = 5;
  c.sequence.predicates = {{"roofed", "", kRoofedClauses}, {"heavy", "numerical", ""}};
  c.sequence.orphans = {"heavy"};
  c.sequence.rate_trains = 2000;
  return c;
}

}  // namespace railyard::testing
