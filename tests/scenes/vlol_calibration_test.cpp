// Our cars are V-LoL's size on screen: the three calibration trains of
// /work/shared/reference/vlol.md section 3.1 (one-car trains at angle 0, S = 0.5, base_scene,
// 480x270), measured there with V-LoL's own assets in Blender, land within 10% of V-LoL's boxes
// in width and height. The car's box is the tight box of its visible pixels in the part-id image,
// as the annotation pass computes it; both backends draw the same meshes, so both are checked
// (the path tracer at a few samples: part ids do not depend on them).
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>

#include "renderer/registry/backends.h"
#include "scenes/layout.h"
#include "test_data.h"
#include "tools/lib/records/annotations/image_annotations.h"

namespace railyard {
namespace {

struct Calibration {
  const char* what;
  Car car;
  PixelBox vlol;  // V-LoL's box of the car's visible pixels
  int vlol_pixels;
};

const Calibration kCalibrations[] = {
    {"long car, solid wall, no roof, no load, 2 axles",
     make_car(1, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::None, 2,
              LoadShape::Rectangle, 0),
     {157, 89, 84, 46},
     3059},
    {"short car, solid wall, peaked roof, no load",
     make_car(1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::Peaked, 2,
              LoadShape::Rectangle, 0),
     {169, 53, 60, 82},
     3469},
    {"long car, braced wall, no roof, three barrels",
     make_car(1, Shape::Rectangle, Length::Long, Wall::Double, Roof::None, 2, LoadShape::Circle, 3),
     {157, 78, 84, 57},
     3474},
};

std::string describe(const PixelBox& b) {
  std::ostringstream s;
  s << "(" << b.x << ", " << b.y << ", " << b.width << ", " << b.height << ")";
  return s.str();
}

// The car's visible box in a render of its one-car train; the locomotive is laid out (so the car
// stands where V-LoL puts it) but not measured.
ImageAnnotations render_car(render::Renderer& renderer, const Car& car, int samples) {
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), "base_scene"));
  Train train{{car}, 0};
  TrainScene scene = layout_train(train, "Trains", settings, testing::library(), {});
  render::RenderOptions options;
  options.samples = samples;
  return annotate_image(renderer.render(scene.scene, options), scene);
}

void expect_vlol_sized(const std::string& backend, int samples) {
  std::unique_ptr<render::Renderer> renderer;
  try {
    renderer = render::make_renderer(backend);
  } catch (const render::RendererError& e) {
    GTEST_SKIP() << backend << " cannot start here: " << e.what();
  }
  for (const Calibration& c : kCalibrations) {
    ImageAnnotations a = render_car(*renderer, c.car, samples);
    ASSERT_EQ(a.cars.size(), 1u);
    const PixelBox& ours = a.cars[0].visible_box;
    SCOPED_TRACE(std::string(c.what) + ": ours " + describe(ours) + " " +
                 std::to_string(a.cars[0].area) + " px, V-LoL's " + describe(c.vlol) + " " +
                 std::to_string(c.vlol_pixels) + " px");
    EXPECT_NEAR(ours.width, c.vlol.width, 0.1 * c.vlol.width);
    EXPECT_NEAR(ours.height, c.vlol.height, 0.1 * c.vlol.height);
    // Where V-LoL puts it: the locomotive to its right, the car left of the middle.
    EXPECT_NEAR(ours.x + 0.5 * ours.width, c.vlol.x + 0.5 * c.vlol.width, 0.1 * c.vlol.width);
  }
}

TEST(VlolCalibration, RasterCarsAreVlolSized) {
  expect_vlol_sized("raster", 0);
}

TEST(VlolCalibration, PathTracedCarsAreVlolSized) {
  expect_vlol_sized("pathtrace", 2);
}

}  // namespace
}  // namespace railyard
