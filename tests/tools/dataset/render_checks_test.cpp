// The checks of a rendered, annotated train that mean something without golden images: real
// scenes and assets, the raster backend (or the path tracer where no EGL context starts), the
// real annotation pass.
#include <gtest/gtest.h>

#include <cmath>

#include "logic/sampler.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/sample_factory.h"
#include "tools/lib/records/annotations/image_annotations.h"
#include "tools/lib/records/annotations/rle.h"

namespace railyard {
namespace {

class RenderChecks : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    renderer_ = render::make_renderer(testing::test_backend()).release();
  }
  static void TearDownTestSuite() { delete renderer_; }

  SceneContext context(const std::string& scene, const std::string& representation = "Trains") {
    DatasetConfig config;
    config.scene = scene;
    config.representation = representation;
    return load_scene_context(config, resolve_inputs(config, RAILYARD_SOURCE_DIR));
  }

  struct Rendered {
    TrainScene train;
    render::Frame frame;
    ImageAnnotations annotations;
  };
  Rendered render_train(const SceneContext& ctx, const Train& train) {
    Rendered r;
    r.train = layout_scene(ctx, train);
    render::RenderOptions options;
    options.samples = testing::test_samples();
    r.frame = renderer_->render(r.train.scene, options);
    r.annotations = annotate_image(r.frame, r.train);
    return r;
  }

  static render::Renderer* renderer_;
};

render::Renderer* RenderChecks::renderer_ = nullptr;

bool inside(const PixelBox& inner, const PixelBox& outer) {
  return inner.x >= outer.x && inner.y >= outer.y &&
         inner.x + inner.width <= outer.x + outer.width &&
         inner.y + inner.height <= outer.y + outer.height;
}

std::vector<Train> sample_trains(int n, Distribution distribution) {
  SamplerConfig config;
  config.distribution = distribution;
  TrainSampler sampler(config);
  std::vector<Train> trains;
  for (int i = 0; i < n; ++i) trains.push_back(sampler.sample(17, i));
  return trains;
}

TEST_F(RenderChecks, EveryPartIsVisibleMaskedAndBoxed) {
  for (const char* scene : {"base_scene", "desert_scene", "sky_scene", "fisheye_scene"}) {
    SceneContext ctx = context(scene);
    for (const Train& train : sample_trains(4, Distribution::Random)) {
      Rendered r = render_train(ctx, train);
      for (std::size_t p = 0; p < r.train.parts.size(); ++p) {
        const auto& region = r.annotations.parts[p];
        const auto& part = r.train.parts[p];
        SCOPED_TRACE(std::string(scene) + " part " + part.label + " of car " +
                     std::to_string(part.car));
        // Decoding our RLE gives back exactly the part's pixels.
        auto mask = decode_mask(region.mask);
        std::uint64_t pixels = 0;
        for (int y = 0; y < mask.height; ++y)
          for (int x = 0; x < mask.width; ++x) {
            bool is_part = r.frame.part_ids.at(x, y) == p + 1;
            EXPECT_EQ(mask.at(x, y) != 0, is_part);
            pixels += is_part;
          }
        EXPECT_EQ(rle_area(region.mask), pixels);
        if (pixels == 0) continue;  // hidden behind another part
        EXPECT_TRUE(inside(region.visible_box, region.full_box));
        // The part's world centre projects inside its full box.
        auto centre = r.train.scene.camera.project(part.centre);
        ASSERT_TRUE(centre.has_value());
        EXPECT_GE(centre->x, region.full_box.x - 1.0f);
        EXPECT_LE(centre->x, region.full_box.x + region.full_box.width + 1.0f);
        EXPECT_GE(centre->y, region.full_box.y - 1.0f);
        EXPECT_LE(centre->y, region.full_box.y + region.full_box.height + 1.0f);
      }
      // The locomotive and every car are seen in every picture.
      for (std::size_t c = 0; c < train.cars.size(); ++c) EXPECT_GT(r.annotations.cars[c].area, 0u);
      for (std::size_t p = 0; p < r.train.parts.size(); ++p)
        if (r.train.parts[p].kind == PartKind::Locomotive) {
          EXPECT_GT(r.annotations.parts[p].area, 0u);
        }
    }
  }
}

TEST_F(RenderChecks, DepthAgreesWithTheCamera) {
  SceneContext ctx = context("base_scene");
  Rendered r = render_train(ctx, sample_trains(1, Distribution::Michalski)[0]);
  const render::Camera& camera = r.train.scene.camera;
  int checked = 0;
  for (int y = camera.height / 2; y < camera.height; y += 7)
    for (int x = 0; x < camera.width; x += 7) {
      if (r.frame.part_ids.at(x, y) != 0) continue;  // ground only: its distance is analytic
      glm::vec3 dir = *camera.ray_direction({x + 0.5f, y + 0.5f});
      if (dir.z >= -1e-3f) continue;
      float expected = -camera.position.z / dir.z;  // ray meets z = 0
      float depth = r.frame.depth.at(x, y);
      if (!std::isfinite(depth)) continue;
      EXPECT_NEAR(depth, expected, 0.01f * expected) << x << "," << y;
      ++checked;
    }
  EXPECT_GT(checked, 100);
}

TEST_F(RenderChecks, LongCarCoversMorePixelsThanShort) {
  SceneContext ctx = context("base_scene");
  Car car{1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2, LoadShape::Rectangle,
          1};
  Train short_train{{car}, 0};
  car.length = Length::Long;
  Train long_train{{car}, 0};
  Rendered s = render_train(ctx, short_train), l = render_train(ctx, long_train);
  EXPECT_GT(l.annotations.cars[0].area, s.annotations.cars[0].area * 5 / 4);
}

TEST_F(RenderChecks, SameTrainGivesIdenticalFrames) {
  SceneContext ctx = context("desert_scene");
  Train train = sample_trains(1, Distribution::Michalski)[0];
  Rendered a = render_train(ctx, train), b = render_train(ctx, train);
  EXPECT_EQ(a.frame.color, b.frame.color);
  EXPECT_EQ(a.frame.part_ids, b.frame.part_ids);
  EXPECT_EQ(a.frame.depth, b.frame.depth);
}

TEST_F(RenderChecks, SimpleObjectsToo) {
  SceneContext ctx = context("base_scene", "SimpleObjects");
  for (const Train& train : sample_trains(3, Distribution::Random)) {
    Rendered r = render_train(ctx, train);
    for (std::size_t c = 0; c < train.cars.size(); ++c) EXPECT_GT(r.annotations.cars[c].area, 0u);
  }
}

}  // namespace
}  // namespace railyard
