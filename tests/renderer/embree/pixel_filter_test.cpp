#include "renderer/embree/pixel_filter.h"

#include <gtest/gtest.h>

#include <cmath>

#include "renderer/embree/sampler.h"

namespace railyard::render::embree {
namespace {

TEST(PixelFilter, OffsetsStayWithinTheSupportAndAreCentred) {
  PixelFilter filter(1.5f);
  SampleStream stream(1, 2, 3, 4);
  glm::vec2 sum(0.0f);
  int inner = 0;
  constexpr int kCount = 100000;
  for (int i = 0; i < kCount; ++i) {
    glm::vec2 offset = filter.sample(stream.next_2d());
    ASSERT_LE(std::abs(offset.x), 0.75f);
    ASSERT_LE(std::abs(offset.y), 0.75f);
    sum += offset;
    if (std::abs(offset.x) < 0.25f) ++inner;
  }
  EXPECT_NEAR(sum.x / kCount, 0.0f, 0.01f);
  EXPECT_NEAR(sum.y / kCount, 0.0f, 0.01f);
  // Blackman-Harris concentrates samples near the centre: the middle third of the support holds
  // about 76% of them (a box would hold a third).
  EXPECT_NEAR(static_cast<double>(inner) / kCount, 0.76, 0.02);
}

TEST(PixelFilter, BoxSpreadsSamplesEvenly) {
  PixelFilter filter(1.0f, true);
  EXPECT_NEAR(filter.sample({0.0f, 1.0f}).x, -0.5f, 1e-5f);
  EXPECT_NEAR(filter.sample({0.0f, 1.0f}).y, 0.5f, 1e-5f);
  EXPECT_NEAR(filter.sample({0.25f, 0.75f}).x, -0.25f, 1e-4f);
  EXPECT_NEAR(filter.sample({0.25f, 0.75f}).y, 0.25f, 1e-4f);
}

TEST(SampleStream, StreamsDifferByEveryKeyAndRepeat) {
  auto first = [](std::uint64_t seed, std::uint64_t image, std::uint32_t pixel,
                  std::uint32_t sample) {
    return SampleStream(seed, image, pixel, sample).next_1d();
  };
  float base = first(7, 3, 100, 5);
  EXPECT_EQ(base, first(7, 3, 100, 5));
  EXPECT_NE(base, first(8, 3, 100, 5));
  EXPECT_NE(base, first(7, 4, 100, 5));
  EXPECT_NE(base, first(7, 3, 101, 5));
  EXPECT_NE(base, first(7, 3, 100, 6));
}

TEST(SampleStream, UniformsCoverTheUnitIntervalEvenly) {
  SampleStream stream(0, 0, 0, 0);
  int bins[10] = {};
  constexpr int kCount = 100000;
  for (int i = 0; i < kCount; ++i) {
    glm::vec2 u = stream.next_2d();
    ASSERT_GE(u.x, 0.0f);
    ASSERT_LT(u.x, 1.0f);
    ASSERT_LT(u.y, 1.0f);
    ++bins[static_cast<int>(u.x * 10.0f)];
    ++bins[static_cast<int>(u.y * 10.0f)];
  }
  for (int count : bins) EXPECT_NEAR(count, 2 * kCount / 10, 600);
}

}  // namespace
}  // namespace railyard::render::embree
