// Times Blender Cycles on a scene written by export_for_cycles, by running Blender in the
// background on tools/bench/cycles_render.py: the reference `railyard bench pathtrace` compares
// the path tracer with (issue #4: at least 3x faster than Cycles at equal samples).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/bench/cycles_export.h"

namespace railyard {

// Blender did not start, failed, or printed no timings; the message carries its exit status and
// last lines of output.
struct CyclesError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CyclesSettings {
  std::vector<int> samples;  // one timed image each
  int threads = 0;           // 0: all cores
  int max_bounces = 20;
  std::uint64_t seed = 0;
  std::filesystem::path out_dir;  // where cycles_<spp>.png and .exr go
  // Also render this many samples with seed + 1 into reference_exr (0: no reference).
  int reference_samples = 0;
  std::filesystem::path reference_exr;
};

struct CyclesFrame {
  int samples = 0;
  double render_seconds = 0;              // the render call, as timed by the script
  std::optional<double> blender_seconds;  // Blender's own figure from its render stats
  std::filesystem::path image;
  std::filesystem::path exr;  // linear radiance
};

struct CyclesTimings {
  std::string blender_version;
  int threads = 0;             // as Blender reports it
  double import_seconds = 0;   // glTF import and scene set-up
  double warm_up_seconds = 0;  // 1-sample frame: scene sync, BVH build, kernels
  std::vector<CyclesFrame> frames;
  double reference_seconds = 0;  // the reference frame, when asked for
};

// `explicit_path` when given (it must be executable), else `blender` on PATH; nullopt if none.
std::optional<std::filesystem::path> find_blender(const std::string& explicit_path);

// Throws CyclesError.
CyclesTimings time_cycles(const std::filesystem::path& blender, const std::filesystem::path& script,
                          const CyclesExport& scene, const CyclesSettings& settings);

}  // namespace railyard
