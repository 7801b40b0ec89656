// Times the per-image annotation and writing work on a synthetic 480x270 train (a locomotive, a
// rail and four cars of seven parts each, every part a box mesh of about `vertices` vertices).
// Prints milliseconds per image for each step; asserts nothing.
// Usage: annotations_benchmark [vertices per part = 10000] [repeats = 30] [fisheye]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "box_world.h"
#include "renderer/annotations/depth_png.h"
#include "renderer/annotations/full_box.h"
#include "renderer/annotations/image_annotations.h"
#include "renderer/annotations/mask_set.h"
#include "renderer/annotations/scene_json.h"
#include "util/exr_io.h"
#include "util/png_io.h"

namespace railyard::render {
namespace {

using testing::Box;

struct Bench {
  Scene scene;
  Frame frame;
  SceneRecord record;
};

Bench MakeBench(int vertices, Lens lens) {
  Bench bench;
  Camera& camera = bench.scene.camera;
  camera.lens = lens;
  camera.position = {0.0f, -12.0f, 4.0f};
  camera.look_at = {0.0f, 0.0f, 0.5f};
  camera.fov_deg = lens == Lens::Pinhole ? 50.0f : 120.0f;
  int n = std::max(1, static_cast<int>(std::sqrt(vertices / 6.0)) - 1);
  auto cube = testing::GridCube(n);
  std::vector<Box> boxes;
  auto add = [&](Part part, glm::vec3 min, glm::vec3 max) {
    part.centre = 0.5f * (min + max);
    bench.scene.parts.push_back(part);
    Box box{min, max, static_cast<std::uint32_t>(bench.scene.parts.size())};
    boxes.push_back(box);
    bench.scene.instances.push_back(testing::BoxInstance(cube, box));
  };
  add({PartKind::Locomotive, 0, -1, "", {}}, {-9.0f, -0.5f, 0.0f}, {-6.5f, 0.5f, 1.6f});
  add({PartKind::Rail, 0, -1, "", {}}, {-12.0f, -0.6f, -0.05f}, {12.0f, 0.6f, 0.0f});
  LabelledTrain& train = bench.record.train;
  for (int c = 0; c < 4; ++c) {
    float x = -6.0f + 3.0f * c;
    train.train.cars.push_back(
        {c + 1, Shape::Rectangle, Length::Long, Wall::Double, Roof::Flat, 3, LoadShape::Circle, 3});
    add({PartKind::Body, c + 1, -1, "", {}}, {x, -0.5f, 0.0f}, {x + 2.5f, 0.5f, 0.6f});
    add({PartKind::Wall, c + 1, -1, "", {}}, {x, 0.5f, 0.0f}, {x + 2.5f, 0.6f, 0.9f});
    add({PartKind::Roof, c + 1, -1, "", {}}, {x, -0.5f, 1.3f}, {x + 2.5f, 0.6f, 1.4f});
    add({PartKind::Wheels, c + 1, -1, "", {}}, {x + 0.2f, -0.55f, -0.05f}, {x + 2.3f, -0.5f, 0.2f});
    for (int k = 0; k < 3; ++k)
      add({PartKind::Payload, c + 1, k, "", {}}, {x + 0.2f + 0.8f * k, -0.3f, 0.6f},
          {x + 0.8f + 0.8f * k, 0.3f, 1.0f});
  }
  bench.frame = testing::RayCast(camera, boxes);
  bench.record.base_scene = "base_scene";
  bench.record.distribution = "MichalskiTrains";
  bench.record.classification_rule = "theoryx";
  bench.record.visualization = "Trains";
  bench.record.image_filename = "0_m_train.png";
  bench.record.depth_map_filename = "0_m_train.png";
  return bench;
}

double MedianMs(int repeats, const std::function<void()>& step) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    step();
    times.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace
}  // namespace railyard::render

int main(int argc, char** argv) {
  using namespace railyard;
  using namespace railyard::render;
  int vertices = argc > 1 ? std::atoi(argv[1]) : 10000;
  int repeats = argc > 2 ? std::atoi(argv[2]) : 30;
  Lens lens = argc > 3 && std::string(argv[3]) == "fisheye" ? Lens::Fisheye : Lens::Pinhole;
  Bench bench = MakeBench(vertices, lens);
  std::size_t total_vertices = 0;
  for (const Instance& i : bench.scene.instances) total_vertices += i.mesh->positions.size();
  std::printf("%zu parts, %zu vertices, 480x270, %s\n", bench.scene.parts.size(), total_vertices,
              lens == Lens::Pinhole ? "pinhole" : "fisheye");
  ImageAnnotations annotations = annotate_image(bench.frame, bench.scene);
  std::string json_text;
  // A plausible colour image for the PNG timing: the part ids spread over colours.
  Image<Rgb8> color(480, 270);
  for (std::size_t i = 0; i < color.pixels.size(); ++i) {
    auto id = static_cast<std::uint8_t>(bench.frame.part_ids.pixels[i] * 37);
    color.pixels[i] = {id, static_cast<std::uint8_t>(id / 2 + 60),
                       static_cast<std::uint8_t>(200 - id / 3)};
  }
  Image<std::uint8_t> depth_picture = depth_png_image(bench.frame.depth);
  struct Step {
    const char* name;
    std::function<void()> run;
  };
  std::vector<Step> steps = {
      {"full boxes (projection)", [&] { full_part_boxes(bench.scene); }},
      {"annotate_image (masks + boxes)",
       [&] { annotations = annotate_image(bench.frame, bench.scene); }},
      {"scene_json build", [&] { scene_json(bench.record, annotations, bench.scene); }},
      {"scene_json build + dump",
       [&] { json_text = scene_json(bench.record, annotations, bench.scene).dump(); }},
      {"depth_png_image", [&] { depth_picture = depth_png_image(bench.frame.depth); }},
      {"encode colour PNG", [&] { encode_png(color); }},
      {"encode depth PNG", [&] { encode_png(depth_picture); }},
      {"encode depth EXR (ZIP)", [&] { encode_depth_exr(bench.frame.depth, ExrCompression::Zip); }},
      {"encode depth EXR (ZIPS)",
       [&] { encode_depth_exr(bench.frame.depth, ExrCompression::Zips); }},
  };
  for (const Step& step : steps)
    std::printf("%-34s %8.3f ms\n", step.name, MedianMs(repeats, step.run));
  std::printf("scene JSON: %zu bytes; depth EXR ZIP: %zu bytes\n", json_text.size(),
              encode_depth_exr(bench.frame.depth).size());
}
