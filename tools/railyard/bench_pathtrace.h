// `railyard bench pathtrace`: seconds per image and rays per second of the Embree path tracer on
// a real laid-out train (three cars, ~90k triangles with the shipped assets). Not a test: nothing
// here asserts a time. The reference is Blender 3.4 Cycles on 2 CPU cores: 5.4 s at 64 and 42 s
// at 512 samples per 480x270 image of such a scene.
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
  std::string out;  // folder for pathtrace_<spp>.png; empty: write nothing
};

void run_pathtrace_benchmark(const PathtraceBenchOptions& options);

}  // namespace railyard
