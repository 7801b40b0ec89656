// `railyard bench pathtrace`: seconds per image and rays per second of the Embree path tracer on
// a real laid-out train (three cars, every kind of part) in each scene asked for. Not a test:
// nothing here asserts a time. When Blender is installed, the same scene is also rendered with
// Cycles at the same samples in the same run (cycles_bench.h), the reference of issues #4 and
// #29, and both sides' errors against their own converged references give the equal-quality
// figure (pathtrace_quality.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace railyard {

struct PathtraceBenchOptions {
  // Scene files of <data>/scenes, each benchmarked in turn.
  std::vector<std::string> scenes{"base_scene", "desert_scene"};
  std::string representation = "Trains";  // or SimpleObjects
  std::vector<int> samples{64, 512};      // samples per pixel, one timed image each
  int threads = 0;                        // 0: all cores
  int max_bounces = 20;
  bool sky_next_event = true;  // see EmbreeOptions
  int width = 480, height = 270;
  std::uint64_t seed = 0;
  // Folder for <scene>/pathtrace_<spp>.png and Cycles' files; empty: write nothing.
  std::string out;
  // Samples of each renderer's reference for the equal-quality figure; 0: no such figure.
  int reference_samples = 4096;
  std::filesystem::path reference_cache;  // where references are kept between runs
  bool cycles = true;                     // compare with Blender Cycles when Blender is found
  std::string blender;                    // Blender's executable; empty: `blender` on PATH
};

void run_pathtrace_benchmark(const PathtraceBenchOptions& options);

}  // namespace railyard
