// The path tracer's benchmark (see bench_pathtrace.h). One warm-up frame builds the cached mesh
// BVHs, as a dataset run would have after its first image; each timed frame then includes the
// per-frame scene BVH, the tracing and the tone mapping, but not writing files.
#include "tools/bench/bench_pathtrace.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "logic/train.h"
#include "renderer/embree/embree_renderer.h"
#include "scenes/asset_library.h"
#include "scenes/layout.h"
#include "scenes/scene_settings.h"
#include "tools/bench/cycles_bench.h"
#include "tools/bench/cycles_export.h"
#include "tools/bench/measure.h"
#include "tools/dataset/inputs.h"
#include "util/external_program.h"
#include "util/png_io.h"

namespace railyard {
namespace {

// Three cars with every kind of part: both lengths and walls, roofs, 2 and 3 axles, loads.
Train bench_train() {
  Train train;
  train.angle = 20;
  train.cars = {make_car(1, Shape::Rectangle, Length::Short, Wall::Double, Roof::Peaked, 2,
                         LoadShape::Triangle, 1),
                make_car(2, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::Jagged, 3,
                         LoadShape::Circle, 3),
                make_car(3, Shape::Hexagon, Length::Short, Wall::NotDouble, Roof::Flat, 2,
                         LoadShape::Diamond, 2)};
  return train;
}

std::size_t triangle_count(const render::Scene& scene) {
  std::size_t count = 0;
  for (const render::Instance& instance : scene.instances)
    count += instance.mesh->indices.size() / 3;
  return count;
}

// The machine's load when the benchmark starts: figures taken on a busy machine read slow.
std::string load_average() {
  std::ifstream file("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(file >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}

void print_comparison(const CyclesTimings& cycles, const std::vector<double>& ours) {
  std::printf(
      "Blender %s Cycles (CPU, %d threads): import %.2f s, warm-up frame (sync, BVH, "
      "kernels) %.2f s\n",
      cycles.blender_version.c_str(), cycles.threads, cycles.import_seconds,
      cycles.warm_up_seconds);
  std::printf("%8s %10s %10s %10s %12s\n", "spp", "ours_s", "cycles_s", "blender_s", "ours/cycles");
  for (std::size_t i = 0; i < cycles.frames.size(); ++i) {
    const CyclesFrame& frame = cycles.frames[i];
    char blender_s[32] = "-";
    if (frame.blender_seconds)
      std::snprintf(blender_s, sizeof blender_s, "%.2f", *frame.blender_seconds);
    std::printf("%8d %10.3f %10.3f %10s %12.3f\n", frame.samples, ours[i], frame.render_seconds,
                blender_s, ours[i] / frame.render_seconds);
  }
}

// The same scene, samples, bounces and threads with Blender Cycles. Never throws for Blender's
// sake: a missing or failing Blender is one message, and the benchmark's own figures stand.
void compare_with_cycles(const render::Scene& scene, const PathtraceBenchOptions& options,
                         const std::vector<double>& ours) {
  std::optional<std::filesystem::path> blender = find_blender(options.blender);
  if (!blender) {
    std::string where = options.blender.empty() ? "on PATH" : "at " + options.blender;
    std::printf(
        "(blender not found %s: Cycles comparison left out; apt-get install blender "
        "python3-numpy)\n",
        where.c_str());
    return;
  }
  try {
    // Cycles' files go to --out when given, else to a folder removed afterwards.
    std::optional<TemporaryFolder> temporary;
    std::filesystem::path folder = options.out.empty() ? temporary.emplace("railyard-cycles").path()
                                                       : std::filesystem::path(options.out);
    std::filesystem::create_directories(folder);
    CyclesSettings settings{options.samples, options.threads, options.max_bounces, options.seed,
                            folder};
    CyclesExport files = export_for_cycles(scene, folder);
    auto script = data_root() / "tools" / "bench" / "cycles_render.py";
    print_comparison(time_cycles(*blender, script, files, settings), ours);
  } catch (const std::exception& e) {
    std::printf("Cycles comparison failed: %s\n", e.what());
  }
}

}  // namespace

void run_pathtrace_benchmark(const PathtraceBenchOptions& options) {
  const std::filesystem::path data = data_root();
  SceneSettings settings = load_scene_settings(resolve_scene(options.scene, data));
  AssetLibrary library = AssetLibrary::load(AssetLibrary::default_manifest(data));
  render::Scene scene =
      layout_train(bench_train(), options.representation, settings, library).scene;
  scene.camera.width = options.width;
  scene.camera.height = options.height;

  render::EmbreeOptions embree;
  embree.threads = options.threads;
  embree.max_bounces = options.max_bounces;
  embree.sky_next_event = options.sky_next_event;
  render::EmbreeRenderer renderer(embree);
  std::printf("path tracer: %s\n", renderer.description().c_str());
  std::printf("load average (1, 5, 15 min): %s\n", load_average().c_str());
  std::printf("scene: %s, %s, 3 cars, %zu instances, %zu triangles, %dx%d\n", options.scene.c_str(),
              options.representation.c_str(), scene.instances.size(), triangle_count(scene),
              options.width, options.height);

  render::RenderOptions warm_up;
  warm_up.samples = 1;
  auto start = std::chrono::steady_clock::now();
  renderer.render(scene, warm_up);
  std::printf("first frame (mesh BVHs built): %.3f s\n", seconds_since(start));

  std::printf("%8s %10s %10s %12s %12s %10s\n", "spp", "seconds", "bvh_s", "Mrays/s", "Msamples/s",
              "rays/path");
  std::vector<double> ours;
  for (int samples : options.samples) {
    render::RenderOptions render;
    render.samples = samples;
    render.seed = options.seed;
    start = std::chrono::steady_clock::now();
    render::Frame frame = renderer.render(scene, render);
    double seconds = seconds_since(start);
    ours.push_back(seconds);
    const render::EmbreeRenderStats& stats = renderer.last_stats();
    std::printf("%8d %10.3f %10.4f %12.2f %12.3f %10.2f\n", samples, seconds, stats.bvh_seconds,
                static_cast<double>(stats.rays) / stats.trace_seconds / 1e6,
                static_cast<double>(stats.samples) / stats.trace_seconds / 1e6,
                static_cast<double>(stats.rays) / static_cast<double>(stats.samples));
    if (!options.out.empty()) {
      std::filesystem::create_directories(options.out);
      auto file =
          std::filesystem::path(options.out) / ("pathtrace_" + std::to_string(samples) + ".png");
      write_png(file, frame.color);
      std::printf("         wrote %s\n", file.c_str());
    }
  }
  if (options.cycles) compare_with_cycles(scene, options, ours);
}

}  // namespace railyard
