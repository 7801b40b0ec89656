// The same scene, options and seed give the same bytes whatever the number of threads; the seed
// and the image index change the noise.
#include <gtest/gtest.h>

#include "renderer/embree/embree_renderer.h"
#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render {
namespace {

Frame render_with(int threads, const RenderOptions& options) {
  EmbreeOptions embree;
  embree.threads = threads;
  return EmbreeRenderer(embree).render(testing::small_yard(96, 54), options);
}

RenderOptions options(std::uint64_t seed, int image_index) {
  RenderOptions render;
  render.samples = 8;
  render.seed = seed;
  render.image_index = image_index;
  return render;
}

TEST(Determinism, ThreadCountDoesNotChangeTheBytes) {
  Frame one = render_with(1, options(5, 2));
  for (int threads : {2, 4}) {
    Frame many = render_with(threads, options(5, 2));
    EXPECT_TRUE(many.color == one.color) << threads << " threads";
    EXPECT_TRUE(many.part_ids == one.part_ids) << threads << " threads";
    EXPECT_TRUE(many.depth == one.depth) << threads << " threads";
  }
}

TEST(Determinism, SeedAndImageIndexChangeTheNoiseOnly) {
  Frame base = render_with(0, options(5, 2));
  Frame other_seed = render_with(0, options(6, 2));
  Frame other_image = render_with(0, options(5, 3));
  EXPECT_FALSE(other_seed.color == base.color);
  EXPECT_FALSE(other_image.color == base.color);
  // The passes come from the pixel centres, not from random samples.
  EXPECT_TRUE(other_seed.part_ids == base.part_ids);
  EXPECT_TRUE(other_image.depth == base.depth);
}

TEST(Determinism, ARendererGivesTheSameFrameTwice) {
  EmbreeRenderer renderer;
  Scene scene = testing::small_yard(64, 36);
  Frame first = renderer.render(scene, options(1, 0));
  Frame second = renderer.render(scene, options(1, 0));  // now from the cached mesh BVHs
  EXPECT_TRUE(first.color == second.color);
}

}  // namespace
}  // namespace railyard::render
