#include "renderer/embree/padded_sobol.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "renderer/embree/path_samples.h"

namespace railyard::render::embree {
namespace {

std::vector<glm::vec2> pixel_points(std::uint32_t pixel, std::uint32_t dimension, int count,
                                    int first = 0) {
  std::vector<glm::vec2> points;
  PaddedSobol pixel_points(5, 2, pixel);
  for (int i = first; i < first + count; ++i)
    points.push_back(
        pixel_points.get_2d(PaddedSobol::Sample(static_cast<std::uint32_t>(i)), dimension));
  return points;
}

// One point in every elementary box of the unit square with 2^k cells: strips of either axis and
// every 2^i x 2^(k-i) grid between.
void expect_net(const std::vector<glm::vec2>& points, int k) {
  int cells = 1 << k;
  for (int i = 0; i <= k; ++i) {
    int columns = 1 << i, rows = cells / columns;
    std::set<int> occupied;
    for (const glm::vec2& p : points) {
      ASSERT_GE(p.x, 0.0f);
      ASSERT_LT(p.x, 1.0f);
      ASSERT_GE(p.y, 0.0f);
      ASSERT_LT(p.y, 1.0f);
      occupied.insert(static_cast<int>(p.x * columns) * rows + static_cast<int>(p.y * rows));
    }
    EXPECT_EQ(static_cast<int>(occupied.size()), cells) << columns << " x " << rows << " boxes";
  }
}

TEST(PaddedSobol, EveryPowerOfTwoPrefixOfAPixelIsANet) {
  for (std::uint32_t dimension : {0u, 1u, 7u, PaddedSobol::kMaxDimensions - 1}) {
    for (int k : {2, 4, 6, 9}) expect_net(pixel_points(123, dimension, 1 << k), k);
  }
  // Aligned later blocks too: samples 64 to 127 of a 128-sample pixel.
  expect_net(pixel_points(9, 3, 64, 64), 6);
}

TEST(PaddedSobol, OneDimensionalValuesAreTheFirstOfThePair) {
  for (std::uint32_t sample = 0; sample < 32; ++sample) {
    PaddedSobol points(1, 0, 77);
    PaddedSobol::Sample s(sample);
    EXPECT_EQ(points.get_1d(s, 4), points.get_2d(s, 4).x);
  }
}

TEST(PaddedSobol, DimensionsPixelsAndImagesAreScrambledApart) {
  // Different keys give different orders and values, so neighbouring pixels and a sample's
  // dimensions do not repeat each other's pattern.
  EXPECT_NE(pixel_points(1, 0, 8), pixel_points(2, 0, 8));
  EXPECT_NE(pixel_points(1, 0, 8), pixel_points(1, 1, 8));
  PaddedSobol::Sample first(0);
  EXPECT_NE(PaddedSobol(5, 2, 1).get_2d(first, 0), PaddedSobol(5, 3, 1).get_2d(first, 0));
  EXPECT_NE(PaddedSobol(5, 2, 1).get_2d(first, 0), PaddedSobol(6, 2, 1).get_2d(first, 0));
  PaddedSobol::Sample third(3);
  EXPECT_EQ(PaddedSobol(5, 2, 1).get_2d(third, 9), PaddedSobol(5, 2, 1).get_2d(third, 9));
}

TEST(PaddedSobol, EachPointIsUniformAcrossPixels) {
  // The estimator stays unbiased only if a single sample is uniform: over many pixels, the
  // first sample of a dimension fills ten bins evenly, and x and y are uncorrelated.
  constexpr int kPixels = 100000;
  int bins[10] = {};
  double xy = 0.0, x_sum = 0.0, y_sum = 0.0;
  for (int pixel = 0; pixel < kPixels; ++pixel) {
    glm::vec2 u =
        PaddedSobol(0, 0, static_cast<std::uint32_t>(pixel)).get_2d(PaddedSobol::Sample(0), 3);
    ++bins[static_cast<int>(u.x * 10.0f)];
    ++bins[static_cast<int>(u.y * 10.0f)];
    xy += u.x * u.y;
    x_sum += u.x;
    y_sum += u.y;
  }
  for (int count : bins) EXPECT_NEAR(count, 2 * kPixels / 10, 700);
  double covariance = xy / kPixels - (x_sum / kPixels) * (y_sum / kPixels);
  EXPECT_NEAR(covariance, 0.0, 2e-3);
}

TEST(PathSamples, FirstVerticesAreStratifiedAndDeeperOnesDrawFromAStream) {
  // 64 samples of a pixel: the first vertex's BSDF directions form a net, so do a light's samples
  // at the second vertex; deeper draws follow the pixel's plain stream.
  std::vector<glm::vec2> bsdf, light;
  PaddedSobol points(4, 0, 55, PathSamples::kDimensions);
  std::uint64_t image_key = SampleStream::image_key(4, 0);
  for (std::uint32_t s = 0; s < 64; ++s) {
    PathSamples samples(points, image_key, 55, s);
    bsdf.push_back(samples.at_vertex_2d(0, PathSamples::kBsdfDirection));
    light.push_back(samples.at_vertex_2d(1, PathSamples::kSunSample));
  }
  expect_net(bsdf, 6);
  expect_net(light, 6);
  PathSamples deep(points, image_key, 55, 0);
  SampleStream stream(4, 0, 55, 0);
  int depth = PathSamples::kStratifiedVertices;
  EXPECT_EQ(deep.at_vertex_2d(depth, PathSamples::kBsdfDirection), stream.next_2d());
  EXPECT_EQ(deep.at_vertex_1d(depth, PathSamples::kLightPick), stream.next_1d());
}

}  // namespace
}  // namespace railyard::render::embree
