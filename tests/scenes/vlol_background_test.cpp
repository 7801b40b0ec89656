// Our scenes' colour and light are V-LoL's: each scene's backdrop or far ground (the top 10% of
// the frame) and near floor or sand (the bottom 15%) have V-LoL's mean colour within a CIELAB
// Delta-E of 10, in both backends. V-LoL's figures are facts measured from the example images of
// its generator repository (example_images/background/<scene>.png, Blender Cycles, 1920x1080,
// Standard view); the images themselves are not kept here. Our renders use a train like the
// examples' (four cars, 20 degrees off the side view) at 480x270: the regions' means hardly depend
// on the size.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "renderer/registry/backends.h"
#include "scenes/layout.h"
#include "test_data.h"
#include "util/cielab.h"

namespace railyard {
namespace {

struct Region {
  const char* name;
  double from, to;  // fractions of the frame's height, from the top
};

constexpr Region kTop{"top 10%", 0.0, 0.10};
constexpr Region kBottom{"bottom 15%", 0.85, 1.0};

struct VlolBackground {
  const char* scene;
  glm::dvec3 top, bottom;  // V-LoL's mean sRGB of each region
};

const VlolBackground kVlol[] = {
    {"base_scene", {135, 135, 135}, {210, 207, 201}},
    {"desert_scene", {255, 249, 172}, {253, 194, 134}},
    {"sky_scene", {179, 217, 224}, {216, 162, 113}},
    {"fisheye_scene", {146, 192, 221}, {193, 145, 102}},
};

constexpr double kMaxDeltaE = 10.0;

glm::dvec3 mean_colour(const Image<Rgb8>& image, const Region& region) {
  int first = static_cast<int>(region.from * image.height);
  int last = static_cast<int>(region.to * image.height);
  glm::dvec3 sum(0.0);
  for (int y = first; y < last; ++y)
    for (int x = 0; x < image.width; ++x) {
      const Rgb8& p = image.at(x, y);
      sum += glm::dvec3(p.r, p.g, p.b);
    }
  return sum / static_cast<double>((last - first) * image.width);
}

Train example_train() {
  Train t = testing::sample_train(-20);
  t.cars.push_back(make_car(4, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2,
                            LoadShape::Triangle, 1));
  return t;
}

std::string text(const glm::dvec3& c) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "(%.0f, %.0f, %.0f)", c.r, c.g, c.b);
  return buffer;
}

void expect_vlol_colours(const std::string& backend, int samples) {
  std::unique_ptr<render::Renderer> renderer;
  try {
    renderer = render::make_renderer(backend);
  } catch (const render::RendererError& e) {
    GTEST_SKIP() << backend << " cannot start here: " << e.what();
  }
  for (const VlolBackground& vlol : kVlol) {
    SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), vlol.scene));
    TrainScene scene = layout_train(example_train(), "Trains", settings, testing::library(), {});
    render::RenderOptions options;
    options.samples = samples;
    options.passes = render::PassSet{render::Pass::Color};
    render::Frame frame = renderer->render(scene.scene, options);
    for (const auto& [region, expected] : {std::pair{kTop, vlol.top}, {kBottom, vlol.bottom}}) {
      glm::dvec3 ours = mean_colour(frame.color, region);
      double delta_e = delta_e76(ours, expected);
      std::printf("%s %s %s: ours %s, V-LoL's %s, Delta-E %.1f\n", backend.c_str(), vlol.scene,
                  region.name, text(ours).c_str(), text(expected).c_str(), delta_e);
      EXPECT_LT(delta_e, kMaxDeltaE);
    }
  }
}

TEST(VlolBackground, RasterScenesHaveVlolColours) {
  expect_vlol_colours("raster", 0);
}

TEST(VlolBackground, PathTracedScenesHaveVlolColours) {
  expect_vlol_colours("pathtrace", 32);
}

}  // namespace
}  // namespace railyard
