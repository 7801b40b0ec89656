// The path tracer and the OpenGL raster backend annotate the same scene alike: for every part
// with at least 50 visible pixels, their masks agree with IoU >= 0.95, and where both see the
// same part their depths agree. Skipped, saying why, where no EGL/OpenGL 4.5 context can start.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>

#include "renderer/embree/embree_renderer.h"
#include "renderer/opengl/opengl_renderer.h"
#include "tests/renderer/embree/test_meshes.h"

#ifdef RAILYARD_HAVE_SCENES
#include "logic/train.h"
#include "scenes/asset_library.h"
#include "scenes/layout.h"
#include "scenes/scene_settings.h"
#endif

namespace railyard::render {
namespace {

std::unique_ptr<Renderer> raster_or_skip(std::string& why) {
  try {
    return make_opengl_renderer();
  } catch (const RendererError& e) {
    why = e.what();
    return nullptr;
  }
}

struct Overlap {
  int raster = 0, traced = 0, both = 0;
};

// The OpenGL renderer's fisheye resamples cube maps rendered around the camera, nearest texel
// for ids and depth, so edges move by up to about half a pixel, and a pixel's depth may be that
// of a ray a fraction of a pixel away: fisheyes are held to a lower IoU, and their depths may
// differ by as much as the depth changes from the pixel to its neighbours (at grazing angles,
// metres). The part samples of paired renders come from these ids; the registered `raster`
// backend traces its fisheye ids and depth instead (tests/renderer/backends_test.cpp).
struct Tolerance {
  double iou = 0.95;
  bool within_neighbours = false;
};

// The largest change of depth from pixel i to a neighbour showing the same part (infinite where
// one of them sees the sky and the other does not).
float neighbour_spread(const Frame& frame, std::size_t i) {
  int w = frame.depth.width, h = frame.depth.height;
  int x = static_cast<int>(i) % w, y = static_cast<int>(i) / w;
  float spread = 0.0f;
  for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
    int nx = x + dx, ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
    if (frame.part_ids.at(nx, ny) != frame.part_ids.pixels[i]) continue;
    float d = frame.depth.at(nx, ny), here = frame.depth.pixels[i];
    if (std::isinf(d) != std::isinf(here)) return INFINITY;
    if (std::isfinite(d)) spread = std::max(spread, std::abs(d - here));
  }
  return spread;
}

// Renders the scene with both backends and checks masks and depths.
void expect_same_annotations(const Scene& scene) {
  const Tolerance tolerance =
      scene.camera.lens == Lens::Pinhole ? Tolerance{} : Tolerance{0.9, true};
  std::string why;
  auto raster = raster_or_skip(why);
  if (!raster) GTEST_SKIP() << "no OpenGL raster backend here: " << why;
  RenderOptions options;
  options.samples = 1;  // the passes do not depend on the samples
  Frame a = raster->render(scene, options);
  Frame b = EmbreeRenderer().render(scene, options);
  ASSERT_EQ(a.part_ids.width, b.part_ids.width);
  ASSERT_EQ(a.part_ids.height, b.part_ids.height);

  std::map<std::uint32_t, Overlap> parts;
  int depth_checked = 0, depth_differs = 0;
  for (std::size_t i = 0; i < a.part_ids.pixels.size(); ++i) {
    std::uint32_t pa = a.part_ids.pixels[i], pb = b.part_ids.pixels[i];
    ++parts[pa].raster;
    ++parts[pb].traced;
    if (pa != pb) continue;
    ++parts[pa].both;
    float da = a.depth.pixels[i], db = b.depth.pixels[i];
    if (da == kNoDepth || db == kNoDepth) {
      // At the horizon a fisheye texel may be a neighbouring ray's: ground against sky.
      bool horizon = tolerance.within_neighbours && std::isinf(neighbour_spread(b, i));
      if (!horizon) {
        EXPECT_EQ(da, db) << "pixel " << i;
      }
    } else {
      // The raster interpolates positions across the ground's 800 m triangles: far away, its
      // depth carries float error of the order of 1e-3 relative.
      float allowed = 2e-3f * da + 1e-3f;
      if (tolerance.within_neighbours) allowed += neighbour_spread(b, i);
      if (std::abs(da - db) > allowed) ++depth_differs;
      ++depth_checked;
    }
  }
  int checked = 0;
  for (const auto& [part, overlap] : parts) {
    if (part == 0 || std::max(overlap.raster, overlap.traced) < 50) continue;
    double iou =
        static_cast<double>(overlap.both) / (overlap.raster + overlap.traced - overlap.both);
    EXPECT_GE(iou, tolerance.iou) << "part " << part << ": raster " << overlap.raster
                                  << " px, traced " << overlap.traced << " px";
    ++checked;
  }
  EXPECT_GE(checked, 3) << "too few parts of 50 pixels to compare";
  // The raster snaps vertices to a sub-pixel grid (1/256 px on llvmpipe): a pixel centre within
  // that distance of a crease may see the part's face behind. A handful of such pixels, no more.
  EXPECT_LE(depth_differs, depth_checked / 2000) << "of " << depth_checked << " depths compared";
  EXPECT_GT(depth_checked, static_cast<int>(a.depth.pixels.size() / 4));
}

TEST(RasterAgreement, SyntheticScene) {
  Scene scene = testing::small_yard(240, 135);
  // Part ids 1..3 are annotated; the ground too, as part 4, to compare its mask.
  scene.instances[0].part = 4;
  expect_same_annotations(scene);
}

TEST(RasterAgreement, FisheyeLenses) {
  for (Lens lens : {Lens::Equidistant, Lens::Equisolid}) {
    SCOPED_TRACE(std::string(lens_name(lens)));
    Scene scene = testing::small_yard(240, 135);
    scene.instances[0].part = 4;
    scene.camera.lens = lens;
    scene.camera.fov_deg = 120.0f;
    expect_same_annotations(scene);
  }
}

#ifdef RAILYARD_HAVE_SCENES
TEST(RasterAgreement, LaidOutTrain) {
  Train train;
  train.angle = 200;
  train.cars = {make_car(1, Shape::Bucket, Length::Short, Wall::NotDouble, Roof::None, 2,
                         LoadShape::Triangle, 2),
                make_car(2, Shape::Rectangle, Length::Long, Wall::Double, Roof::Flat, 3,
                         LoadShape::Rectangle, 3),
                make_car(3, Shape::UShaped, Length::Short, Wall::NotDouble, Roof::Peaked, 2,
                         LoadShape::Circle, 1)};
  auto library = AssetLibrary::load(AssetLibrary::default_manifest(RAILYARD_SOURCE_DIR));
  for (const char* scene_name : {"base_scene", "desert_scene", "sky_scene"}) {
    SCOPED_TRACE(scene_name);
    SceneSettings settings = load_scene_settings(scene_file(RAILYARD_SOURCE_DIR, scene_name));
    expect_same_annotations(layout_train(train, "Trains", settings, library).scene);
  }
}
#endif

}  // namespace
}  // namespace railyard::render
