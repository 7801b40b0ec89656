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

#include "tests/tools/records/annotations/box_world.h"
#include "tools/lib/records/annotations/full_box.h"
#include "tools/lib/records/annotations/image_annotations.h"
#include "tools/lib/records/annotations/mask_set.h"
#include "tools/lib/records/formats/depth_png.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/formats/vlol_scene.h"
#include "util/exr_io.h"
#include "util/png_io.h"

namespace railyard {
namespace {

using render::Camera;
using render::Lens;
using render::testing::Box;

struct Bench {
  TrainScene train;
  render::Frame frame;
  SampleRecord record;
};

Bench MakeBench(int vertices, Lens lens) {
  Bench bench;
  Camera& camera = bench.train.scene.camera;
  camera.lens = lens;
  camera.position = {0.0f, -12.0f, 4.0f};
  camera.look_at = {0.0f, 0.0f, 0.5f};
  camera.fov_deg = lens == Lens::Pinhole ? 50.0f : 120.0f;
  int n = std::max(1, static_cast<int>(std::sqrt(vertices / 6.0)) - 1);
  auto cube = render::testing::GridCube(n);
  std::vector<Box> boxes;
  auto add = [&](Part part, glm::vec3 min, glm::vec3 max) {
    part.centre = 0.5f * (min + max);
    bench.train.parts.push_back(part);
    Box box{min, max, static_cast<std::uint32_t>(bench.train.parts.size())};
    boxes.push_back(box);
    bench.train.scene.instances.push_back(render::testing::BoxInstance(cube, box));
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
  bench.frame = render::testing::RayCast(camera, boxes);
  bench.record.scene = "base_scene";
  bench.record.camera = camera;
  bench.record.files.image = bench.record.files.depth_png = "0_m_train.png";
  ImageAnnotations annotations = annotate_image(bench.frame, bench.train);
  bench.record.cars = std::move(annotations.cars);
  bench.record.parts = part_records(bench.train, std::move(annotations));
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
}  // namespace railyard

int main(int argc, char** argv) {
  using namespace railyard;
  using render::Lens;
  int vertices = argc > 1 ? std::atoi(argv[1]) : 10000;
  int repeats = argc > 2 ? std::atoi(argv[2]) : 30;
  Lens lens = argc > 3 && std::string(argv[3]) == "fisheye" ? Lens::Equidistant : Lens::Pinhole;
  Bench bench = MakeBench(vertices, lens);
  std::size_t total_vertices = 0;
  for (const render::Instance& i : bench.train.scene.instances)
    total_vertices += i.mesh->positions.size();
  std::printf("%zu parts, %zu vertices, 480x270, %s\n", bench.train.parts.size(), total_vertices,
              lens == Lens::Pinhole ? "pinhole" : "fisheye");
  const VlolDataset vlol{"MichalskiTrains", "theoryx", "Trains", 2, 4, true};
  ImageAnnotations annotations;
  std::string json_text, record_text;
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
      {"full boxes (projection)",
       [&] { full_part_boxes(bench.train.scene, bench.train.parts.size()); }},
      {"annotate_image (masks + boxes)",
       [&] { annotations = annotate_image(bench.frame, bench.train); }},
      {"sample record to JSON text", [&] { record_text = to_json(bench.record).dump(); }},
      {"sample record from JSON text",
       [&] { sample_record_from_json(nlohmann::json::parse(record_text), "bench"); }},
      {"V-LoL scene object build + dump",
       [&] { json_text = vlol_scene_json(bench.record, vlol).dump(); }},
      {"depth_png_image", [&] { depth_picture = depth_png_image(bench.frame.depth); }},
      {"encode colour PNG", [&] { encode_png(color); }},
      {"encode depth PNG", [&] { encode_png(depth_picture); }},
      {"encode depth EXR (ZIP)", [&] { encode_depth_exr(bench.frame.depth, ExrCompression::Zip); }},
      {"encode depth EXR (ZIPS)",
       [&] { encode_depth_exr(bench.frame.depth, ExrCompression::Zips); }},
  };
  for (const Step& step : steps)
    std::printf("%-34s %8.3f ms\n", step.name, MedianMs(repeats, step.run));
  std::printf("record: %zu bytes; scene JSON: %zu bytes; depth EXR ZIP: %zu bytes\n",
              record_text.size(), json_text.size(), encode_depth_exr(bench.frame.depth).size());
}
