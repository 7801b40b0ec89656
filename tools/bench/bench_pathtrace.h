// `railyard bench pathtrace`: seconds per image and rays per second of the Embree path tracer on
// a real laid-out train (three cars, ~60k triangles with the shipped assets). Not a test: nothing
// here asserts a time. When Blender is installed, the same scene is also rendered with Cycles at
// the same samples in the same run (cycles_bench.h), the reference of issue #4.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace railyard {

struct PathtraceBenchOptions {
  std::string scene = "base_scene";       // a scene file of <data>/scenes
  std::string representation = "Trains";  // or SimpleObjects
  std::vector<int> samples{64, 512};      // samples per pixel, one timed image each
  int threads = 0;                        // 0: all cores
  int max_bounces = 20;
  bool sky_next_event = true;  // see EmbreeOptions
  int width = 480, height = 270;
  std::uint64_t seed = 0;
  std::string out;      // folder for pathtrace_<spp>.png (and Cycles' files); empty: write nothing
  bool cycles = true;   // compare with Blender Cycles when Blender is found
  std::string blender;  // Blender's executable; empty: `blender` on PATH
};

void run_pathtrace_benchmark(const PathtraceBenchOptions& options);

}  // namespace railyard
