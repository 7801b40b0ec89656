// Times the OpenGL backend on a synthetic scene and optionally writes what it rendered:
//   railyard_opengl_bench [--triangles N] [--frames N] [--width W --height H] [--fisheye]
//                         [--samples N] [--out DIR]
// DIR receives colour.png, ids.png (false colours) and depth.png (grey, near = bright).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>

#include "renderer/opengl/opengl_renderer.h"
#include "test_scenes.h"
#include "util/png_io.h"

using namespace railyard;
using namespace railyard::render;

namespace {

Image<Rgb8> false_colours(const Image<std::uint32_t>& ids) {
  Image<Rgb8> out(ids.width, ids.height);
  for (std::size_t i = 0; i < ids.pixels.size(); ++i) {
    std::uint32_t h = ids.pixels[i] * 2654435761u;
    out.pixels[i] = ids.pixels[i] == 0 ? Rgb8{}
                                       : Rgb8{static_cast<std::uint8_t>(64 + (h >> 24) % 192),
                                              static_cast<std::uint8_t>(64 + (h >> 16) % 192),
                                              static_cast<std::uint8_t>(64 + (h >> 8) % 192)};
  }
  return out;
}

Image<std::uint8_t> depth_grey(const Image<float>& depth) {
  float lo = INFINITY, hi = 0.0f;
  for (float d : depth.pixels) {
    if (std::isfinite(d)) lo = std::min(lo, d), hi = std::max(hi, d);
  }
  Image<std::uint8_t> out(depth.width, depth.height);
  for (std::size_t i = 0; i < depth.pixels.size(); ++i) {
    float d = depth.pixels[i];
    out.pixels[i] =
        std::isfinite(d)
            ? static_cast<std::uint8_t>(255.0f - 235.0f * (d - lo) / std::max(hi - lo, 1e-6f))
            : 0;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int triangles = 90000, frames = 50, samples = 0;
  Scene scene;
  std::string out;
  bool fisheye = false;
  int width = 480, height = 270;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
    if (a == "--triangles")
      triangles = std::atoi(next().c_str());
    else if (a == "--frames")
      frames = std::atoi(next().c_str());
    else if (a == "--samples")
      samples = std::atoi(next().c_str());
    else if (a == "--width")
      width = std::atoi(next().c_str());
    else if (a == "--height")
      height = std::atoi(next().c_str());
    else if (a == "--fisheye")
      fisheye = true;
    else if (a == "--out")
      out = next();
    else {
      std::fprintf(stderr, "unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  scene = testing::benchmark_scene(triangles);
  scene.camera.width = width;
  scene.camera.height = height;
  if (fisheye) {
    scene.camera.lens = Lens::Equidistant;
    scene.camera.fov_deg = 180.0f;
    scene.camera.position = {-3.0f, -4.5f, 2.5f};
  }
  std::size_t total = 0;
  for (const Instance& i : scene.instances) total += i.mesh->indices.size() / 3;

  auto renderer = make_opengl_renderer();
  RenderOptions options;
  options.samples = samples;
  Frame frame = renderer->render(scene, options);  // uploads meshes, compiles pipelines
  auto start = std::chrono::steady_clock::now();
  std::clock_t cpu_start = std::clock();
  for (int f = 0; f < frames; ++f) frame = renderer->render(scene, options);
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() /
      std::max(frames, 1);
  // CPU time of every thread (llvmpipe's rasterizer threads included): steadier than wall time
  // on a busy machine.
  double cpu_ms =
      1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC / std::max(frames, 1);
  std::printf("%s\n%zu instances, %zu triangles, %dx%d %s: %.2f ms per frame, %.2f ms CPU\n",
              renderer->description().c_str(), scene.instances.size(), total, width, height,
              fisheye ? "fisheye" : "pinhole", ms, cpu_ms);
  if (!out.empty()) {
    std::filesystem::create_directories(out);
    write_png(std::filesystem::path(out) / "colour.png", frame.color);
    write_png(std::filesystem::path(out) / "ids.png", false_colours(frame.part_ids));
    write_png(std::filesystem::path(out) / "depth.png", depth_grey(frame.depth));
  }
  return 0;
}
