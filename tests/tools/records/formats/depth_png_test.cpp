#include "tools/lib/records/formats/depth_png.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace railyard::render
