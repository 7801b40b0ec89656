#include "tools/lib/records/formats/depth_png.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "renderer/renderer.h"

namespace railyard::render {
namespace {

TEST(DepthPng, NormalisesLikeVlol) {
  Image<float> depth(4, 1);
  depth.pixels = {1.0f, 2.0f, 3.0f, kNoDepth};
  // The sky becomes 100, the far end: (d - 1) * 255 / 99.
  EXPECT_EQ(depth_png_image(depth).pixels, (std::vector<std::uint8_t>{0, 3, 5, 255}));
  // With a near clip the background and everything beyond share the top value; 127.5 rounds to
  // the even 128, as OpenCV's conversion does.
  EXPECT_EQ(depth_png_image(depth, 3.0f).pixels, (std::vector<std::uint8_t>{0, 128, 255, 255}));
}

TEST(DepthPng, NanIsBackgroundAndFlatImagesAreBlack) {
  Image<float> depth(3, 1);
  depth.pixels = {std::numeric_limits<float>::quiet_NaN(), 10.0f, 5.0f};
  EXPECT_EQ(depth_png_image(depth, 20.0f).pixels, (std::vector<std::uint8_t>{255, 85, 0}));
  Image<float> flat(5, 4, 7.0f);
  EXPECT_EQ(depth_png_image(flat), Image<std::uint8_t>(5, 4, 0));
  Image<float> sky(5, 4, kNoDepth);
  EXPECT_EQ(depth_png_image(sky), Image<std::uint8_t>(5, 4, 0));
}

// The vectorised rounding gives lrint's values (round half to even) for every depth: sweeps
// over several far clips, and whole depths up to 510 m, where the scale is 1/2 and every odd
// depth lands on a tie.
TEST(DepthPng, RoundsAsLrintDoes) {
  auto expect_lrint = [](const Image<float>& depth, float far) {
    Image<std::uint8_t> out = depth_png_image(depth, far);
    float scale = static_cast<float>(255.0 / static_cast<double>(far));
    for (std::size_t i = 0; i < depth.pixels.size(); ++i)
      ASSERT_EQ(out.pixels[i], std::clamp(std::lrint(depth.pixels[i] * scale), 0L, 255L))
          << "depth " << depth.pixels[i] << ", far " << far;
  };
  Image<float> sweep(4097, 1);
  for (float far : {20.0f, 100.0f, 255.0f, 510.0f}) {
    for (std::size_t i = 0; i < sweep.pixels.size(); ++i)
      sweep.pixels[i] = far * static_cast<float>(i) / 4096.0f;
    expect_lrint(sweep, far);
  }
  Image<float> whole(511, 1);
  for (std::size_t i = 0; i < whole.pixels.size(); ++i) whole.pixels[i] = static_cast<float>(i);
  expect_lrint(whole, 510.0f);
  EXPECT_EQ(depth_png_image(whole, 510.0f).pixels[1], 0);  // 0.5 rounds to the even 0
  EXPECT_EQ(depth_png_image(whole, 510.0f).pixels[3], 2);  // 1.5 to 2
}

}  // namespace
}  // namespace railyard::render
