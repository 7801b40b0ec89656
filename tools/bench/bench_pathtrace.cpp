// `railyard bench pathtrace`: seconds per image and rays per second of the Embree path tracer on
// a real laid-out train (three cars, every kind of part) in each scene asked for. Not a test:
// nothing here asserts a time. When Blender is installed, the same scene is also rendered with
// Cycles at the same samples in the same run (cycles_bench.h), the reference of issues #4 and
// #29, and both sides' errors against their own converged references give the equal-quality
// figure (pathtrace_quality.h).
//
// One warm-up frame starts Embree's device and threads, as a dataset run would have after its
// first image; each timed frame then includes the frame's BVH, the tracing and the view
// transform, but not writing files.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "logic/train.h"
#include "renderer/embree/embree_renderer.h"
#include "renderer/tone.h"
#include "scenes/asset_library.h"
#include "scenes/layout.h"
#include "scenes/scene_settings.h"
#include "tools/bench/cycles_bench.h"
#include "tools/bench/cycles_export.h"
#include "tools/bench/measure.h"
#include "tools/bench/pathtrace_quality.h"
#include "tools/lib/dataset/inputs.h"
#include "util/content_hash.h"
#include "util/external_program.h"
#include "util/file_system.h"
#include "util/png_io.h"
#include "util/read_file.h"

namespace railyard {
namespace {

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

Rgb8 to_bytes(const glm::vec3& encoded) {
  return {render::tone::to_byte(encoded.r), render::tone::to_byte(encoded.g),
          render::tone::to_byte(encoded.b)};
}

Image<Rgb8> png_of(const Image<glm::vec3>& encoded) {
  Image<Rgb8> out(encoded.width, encoded.height);
  for (std::size_t i = 0; i < encoded.pixels.size(); ++i)
    out.pixels[i] = to_bytes(encoded.pixels[i]);
  return out;
}

// One renderer's side of a scene: seconds and error of each timed frame.
struct Side {
  std::vector<double> seconds;
  std::vector<double> mse;  // against the side's own reference; empty without one
};

// The scene as both renderers get it, and where its files and references go.
struct BenchScene {
  std::string name;
  render::Scene scene;
  std::filesystem::path folder;  // scene.glb, scene.json, the frames' images
  CyclesExport files;
  std::string key;  // what a cached reference depends on besides the renderer
};

// Errors against a reference of `samples` rendered by `render` unless the cache holds it.
template <typename RenderReference>
std::vector<double> errors_against_reference(const std::filesystem::path& cached, int samples,
                                             const std::vector<Image<glm::vec3>>& frames,
                                             RenderReference render) {
  if (!file_system::exists(cached)) {
    file_system::create_folders(cached.parent_path());
    std::filesystem::path partial = cached.string() + ".partial";
    render(partial);
    file_system::rename(partial, cached);  // a killed run leaves no reference that looks whole
  } else {
    std::printf("         reference (%d spp) from the cache: %s\n", samples, cached.c_str());
  }
  Image<glm::vec3> reference = encoded_picture(read_rgb_exr(cached));
  std::vector<double> mse;
  for (const Image<glm::vec3>& frame : frames) mse.push_back(mean_squared_error(frame, reference));
  return mse;
}

Side run_ours(const BenchScene& bench, const PathtraceBenchOptions& options) {
  render::EmbreeOptions embree;
  embree.threads = options.threads;
  embree.max_bounces = options.max_bounces;
  embree.sky_next_event = options.sky_next_event;
  render::EmbreeRenderer renderer(embree);
  std::printf("path tracer: %s\n", renderer.description().c_str());
  render::RenderOptions warm_up;
  warm_up.samples = 1;
  warm_up.seed = options.seed;
  auto start = std::chrono::steady_clock::now();
  // One sample's picture stands for the renderer's version in the reference's cache key.
  Image<glm::vec3> first = renderer.render_linear(bench.scene, warm_up).radiance;
  std::printf("first frame (warm-up): %.3f s\n", seconds_since(start));
  std::printf("%8s %10s %10s %12s %12s %10s\n", "spp", "seconds", "bvh_s", "Mrays/s", "Msamples/s",
              "rays/path");
  Side side;
  std::vector<Image<glm::vec3>> frames;
  for (int samples : options.samples) {
    render::RenderOptions render;
    render.samples = samples;
    render.seed = options.seed;
    start = std::chrono::steady_clock::now();
    Image<glm::vec3> radiance = renderer.render_linear(bench.scene, render).radiance;
    side.seconds.push_back(seconds_since(start));
    const render::EmbreeRenderStats& stats = renderer.last_stats();
    std::printf("%8d %10.3f %10.4f %12.2f %12.3f %10.2f\n", samples, side.seconds.back(),
                stats.bvh_seconds, static_cast<double>(stats.rays) / stats.trace_seconds / 1e6,
                static_cast<double>(stats.samples) / stats.trace_seconds / 1e6,
                static_cast<double>(stats.rays) / static_cast<double>(stats.samples));
    frames.push_back(encoded_picture(radiance));
    if (!options.out.empty())
      write_png(bench.folder / ("pathtrace_" + std::to_string(samples) + ".png"),
                png_of(frames.back()));
  }
  if (options.reference_samples <= 0) return side;
  std::string_view first_bytes(reinterpret_cast<const char*>(first.pixels.data()),
                               first.pixels.size() * sizeof(glm::vec3));
  auto cached = options.reference_cache /
                ("railyard_" + sha256_hex(bench.key + sha256_hex(first_bytes)) + ".exr");
  side.mse = errors_against_reference(
      cached, options.reference_samples, frames, [&](const std::filesystem::path& path) {
        render::RenderOptions reference;
        reference.samples = options.reference_samples;
        reference.seed = options.seed + 1;
        auto begin = std::chrono::steady_clock::now();
        write_rgb_exr(path, renderer.render_linear(bench.scene, reference).radiance);
        std::printf("         reference (%d spp, seed %llu): %.1f s\n", options.reference_samples,
                    static_cast<unsigned long long>(reference.seed), seconds_since(begin));
      });
  return side;
}

// The same scene, samples, bounces and threads with Blender Cycles; nullopt when Blender is
// missing or fails (one message: the benchmark's own figures stand).
std::optional<Side> run_cycles(const BenchScene& bench, const PathtraceBenchOptions& options) {
  std::optional<std::filesystem::path> blender = find_blender(options.blender);
  if (!blender) {
    std::string where = options.blender.empty() ? "on PATH" : "at " + options.blender;
    std::printf(
        "(blender not found %s: Cycles comparison left out; apt-get install blender "
        "python3-numpy)\n",
        where.c_str());
    return std::nullopt;
  }
  try {
    auto script = data_root() / "tools" / "bench" / "cycles_render.py";
    CyclesSettings settings{options.samples, options.threads, options.max_bounces, options.seed,
                            bench.folder};
    std::filesystem::path cached;
    if (options.reference_samples > 0) {
      cached =
          options.reference_cache /
          ("cycles_" + sha256_hex(bench.key + blender->string() + read_file_text(script)) + ".exr");
      if (!file_system::exists(cached)) {
        file_system::create_folders(cached.parent_path());
        settings.reference_samples = options.reference_samples;
        settings.reference_exr = cached.string() + ".partial";
      }
    }
    CyclesTimings timings = time_cycles(*blender, script, bench.files, settings);
    std::printf(
        "Blender %s Cycles (CPU, %d threads): import %.2f s, warm-up frame (sync, BVH, "
        "kernels) %.2f s\n",
        timings.blender_version.c_str(), timings.threads, timings.import_seconds,
        timings.warm_up_seconds);
    Side side;
    std::vector<Image<glm::vec3>> frames;
    for (const CyclesFrame& frame : timings.frames) {
      side.seconds.push_back(frame.render_seconds);
      frames.push_back(encoded_picture(read_rgb_exr(frame.exr)));
    }
    if (options.reference_samples <= 0) return side;
    if (settings.reference_samples > 0) {
      std::printf("         Cycles reference (%d spp, seed %llu): %.1f s\n",
                  options.reference_samples, static_cast<unsigned long long>(options.seed + 1),
                  timings.reference_seconds);
    }
    side.mse = errors_against_reference(cached, options.reference_samples, frames,
                                        [&](const std::filesystem::path& path) {
                                          file_system::rename(settings.reference_exr, path);
                                        });
    return side;
  } catch (const std::exception& e) {
    std::printf("Cycles comparison failed: %s\n", e.what());
    return std::nullopt;
  }
}

// Equal samples: Cycles' seconds over ours. Equal quality: Cycles' seconds over the seconds we
// need to reach the error Cycles reached at those samples (pathtrace_quality.h).
void print_comparison(const PathtraceBenchOptions& options, const Side& ours, const Side& cycles) {
  bool quality = !ours.mse.empty() && !cycles.mse.empty();
  std::printf("%8s %10s %10s %14s", "spp", "ours_s", "cycles_s", "equal_spp");
  if (quality)
    std::printf(" %12s %12s %16s %14s", "ours_mse", "cycles_mse", "ours_s@cyc_mse",
                "equal_quality");
  std::printf("\n");
  for (std::size_t i = 0; i < options.samples.size(); ++i) {
    int n = options.samples[i];
    std::printf("%8d %10.3f %10.3f %13.2fx", n, ours.seconds[i], cycles.seconds[i],
                cycles.seconds[i] / ours.seconds[i]);
    if (quality) {
      int reference = options.reference_samples;
      double ours_v = error_per_sample(ours.mse[i], n, reference);
      double cycles_v = error_per_sample(cycles.mse[i], n, reference);
      double ours_needed = ours.seconds[i] * ours_v / cycles_v;
      std::printf(" %12.3e %12.3e %16.3f %13.2fx", ours.mse[i], cycles.mse[i], ours_needed,
                  cycles.seconds[i] / ours_needed);
    }
    std::printf("\n");
  }
}

BenchScene prepare(const std::string& name, const PathtraceBenchOptions& options,
                   const std::filesystem::path& folder) {
  const std::filesystem::path data = data_root();
  SceneSettings settings = load_scene_settings(resolve_scene(name, data));
  AssetLibrary library = AssetLibrary::load(AssetLibrary::default_manifest(data));
  BenchScene bench{
      name, layout_train(bench_train(), options.representation, settings, library).scene, folder};
  bench.scene.camera.width = options.width;
  bench.scene.camera.height = options.height;
  file_system::create_folders(folder);
  bench.files = export_for_cycles(bench.scene, folder);
  bench.key = read_file_text(bench.files.glb) + read_file_text(bench.files.json) +
              std::to_string(options.max_bounces) + "/" + std::to_string(options.seed) + "/" +
              std::to_string(options.reference_samples);
  std::printf("scene: %s, %s, 3 cars, %zu instances, %zu triangles, %dx%d\n", name.c_str(),
              options.representation.c_str(), bench.scene.instances.size(),
              triangle_count(bench.scene), options.width, options.height);
  return bench;
}

void bench_scene(const std::string& name, const PathtraceBenchOptions& options) {
  // Files go to --out/<scene> when given, else to a folder removed afterwards.
  std::optional<TemporaryFolder> temporary;
  std::filesystem::path folder = options.out.empty()
                                     ? temporary.emplace("railyard-pathtrace").path()
                                     : std::filesystem::path(options.out) / name;
  BenchScene bench = prepare(name, options, folder);
  PathtraceBenchOptions alone = options;
  if (!options.cycles) alone.reference_samples = 0;  // the error is only compared with Cycles'
  Side ours = run_ours(bench, alone);
  if (!options.cycles) return;
  if (std::optional<Side> cycles = run_cycles(bench, options))
    print_comparison(options, ours, *cycles);
}

void run_pathtrace_benchmark(const PathtraceBenchOptions& options) {
  std::printf("load average (1, 5, 15 min): %s\n", load_average().c_str());
  if (options.reference_samples > 0)
    std::printf("references (%d spp) kept in %s\n", options.reference_samples,
                options.reference_cache.c_str());
  for (const std::string& scene : options.scenes) {
    std::printf("\n");
    bench_scene(scene, options);
  }
}

}  // namespace

void add_pathtrace_bench(CLI::App& bench) {
  auto pathtrace = std::make_shared<PathtraceBenchOptions>();
  CLI::App* pt = bench.add_subcommand(
      "pathtrace",
      "seconds per image and rays/s of the path tracer on a 3-car train, against Blender Cycles "
      "when installed");
  pt->add_option("--scene", pathtrace->scenes, "scene names, each benchmarked in turn")
      ->capture_default_str();
  pt->add_option("--representation", pathtrace->representation, "Trains or SimpleObjects")
      ->capture_default_str();
  pt->add_option("-s,--samples", pathtrace->samples, "samples per pixel, one image each")
      ->capture_default_str();
  pt->add_option("-j,--threads", pathtrace->threads, "threads (0: all cores)");
  pt->add_option("--bounces", pathtrace->max_bounces, "maximum bounces")->capture_default_str();
  pt->add_option("--width", pathtrace->width, "image width")->capture_default_str();
  pt->add_option("--height", pathtrace->height, "image height")->capture_default_str();
  pt->add_option("--seed", pathtrace->seed, "random seed");
  pt->add_option("--out", pathtrace->out, "folder to write <scene>/pathtrace_<spp>.png into");
  pt->add_option("--reference-spp", pathtrace->reference_samples,
                 "samples of each renderer's reference for the equal-quality figure (0: none)")
      ->capture_default_str();
  pt->add_option("--reference-cache", pathtrace->reference_cache,
                 "folder keeping the references between runs (default: ~/.cache/railyard/"
                 "pathtrace)");
  pt->add_option("--blender", pathtrace->blender,
                 "Blender to compare with (default: blender on PATH)");
  pt->add_flag(
      "--no-cycles", [pathtrace](std::int64_t) { pathtrace->cycles = false; },
      "skip the comparison with Blender Cycles");
  pt->add_flag(
      "--no-sky-nee", [pathtrace](std::int64_t) { pathtrace->sky_next_event = false; },
      "sample the sky only by BSDF sampling (faster per sample, noisier)");
  pt->callback([pathtrace] {
    if (pathtrace->reference_cache.empty()) pathtrace->reference_cache = default_reference_cache();
    run_pathtrace_benchmark(*pathtrace);
  });
}

}  // namespace railyard
