#include "util/cielab.h"

#include <gtest/gtest.h>

namespace railyard {
namespace {

// Reference values: Bruce Lindbloom's calculator (sRGB, D65, no adaptation).
TEST(Cielab, KnownColours) {
  glm::dvec3 white = srgb_to_lab({255, 255, 255});
  EXPECT_NEAR(white.x, 100.0, 0.01);
  EXPECT_NEAR(white.y, 0.0, 0.01);
  EXPECT_NEAR(white.z, 0.0, 0.01);
  EXPECT_NEAR(srgb_to_lab({0, 0, 0}).x, 0.0, 1e-9);
  glm::dvec3 red = srgb_to_lab({255, 0, 0});
  EXPECT_NEAR(red.x, 53.24, 0.05);
  EXPECT_NEAR(red.y, 80.09, 0.05);
  EXPECT_NEAR(red.z, 67.20, 0.05);
  glm::dvec3 grey = srgb_to_lab({119, 119, 119});  // mid grey: L* about 50
  EXPECT_NEAR(grey.x, 50.0, 0.5);
}

TEST(Cielab, DeltaEIsTheDistanceAndSymmetric) {
  EXPECT_DOUBLE_EQ(delta_e76({10, 20, 30}, {10, 20, 30}), 0.0);
  EXPECT_NEAR(delta_e76({255, 255, 255}, {0, 0, 0}), 100.0, 0.01);
  EXPECT_DOUBLE_EQ(delta_e76({200, 100, 50}, {180, 120, 60}),
                   delta_e76({180, 120, 60}, {200, 100, 50}));
}

}  // namespace
}  // namespace railyard
