#include "renderer/lens.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "renderer/camera.h"

namespace railyard::render {
namespace {

class LensModels : public ::testing::TestWithParam<Lens> {};

TEST_P(LensModels, RayAndProjectionAreInverses) {
  LensModel lens =
      LensModel::of(GetParam(), GetParam() == Lens::Pinhole ? 49.13f : 120.0f, 480, 270);
  for (float y = 0.5f; y < 270.0f; y += 23.0f)
    for (float x = 0.5f; x < 480.0f; x += 31.0f) {
      std::optional<glm::vec3> ray = lens.ray({x, y});
      ASSERT_TRUE(ray.has_value()) << x << "," << y;
      std::optional<glm::vec2> back = lens.project(*ray * 3.5f);
      ASSERT_TRUE(back.has_value());
      EXPECT_NEAR(back->x, x, 2e-3f);
      EXPECT_NEAR(back->y, y, 2e-3f);
    }
}

TEST_P(LensModels, TheImageWidthSpansTheFieldOfView) {
  float fov = GetParam() == Lens::Pinhole ? 60.0f : 150.0f;
  LensModel lens = LensModel::of(GetParam(), fov, 400, 300);
  std::optional<glm::vec3> edge = lens.ray({400.0f, 150.0f});  // the right edge's middle
  ASSERT_TRUE(edge.has_value());
  float theta = std::atan2(glm::length(glm::vec2(edge->x, edge->y)), -edge->z);
  EXPECT_NEAR(glm::degrees(theta), 0.5f * fov, 1e-3f);
}

INSTANTIATE_TEST_SUITE_P(All, LensModels,
                         ::testing::Values(Lens::Pinhole, Lens::Equidistant, Lens::Equisolid),
                         [](const auto& info) { return std::string(lens_name(info.param)); });

TEST(LensModel, EquisolidMapsThetaToTwoFSinHalfTheta) {
  LensModel lens = LensModel::of(Lens::Equisolid, 120.0f, 480, 270);
  for (float theta_deg : {10.0f, 45.0f, 90.0f, 170.0f}) {
    float theta = glm::radians(theta_deg);
    glm::vec3 p(std::sin(theta), 0.0f, -std::cos(theta));
    std::optional<glm::vec2> pixel = lens.project(p);
    ASSERT_TRUE(pixel.has_value());
    EXPECT_NEAR(pixel->x - 240.0f, 2.0f * lens.focal_length_px * std::sin(0.5f * theta), 1e-3f);
  }
  // Beyond r = 2f the lens sees nothing; the equidistant lens reaches r = pi f.
  EXPECT_FALSE(lens.ray({240.0f + 2.01f * lens.focal_length_px, 135.0f}).has_value());
  LensModel equidistant = LensModel::of(Lens::Equidistant, 120.0f, 480, 270);
  EXPECT_TRUE(equidistant.ray({240.0f + 3.1f * equidistant.focal_length_px, 135.0f}).has_value());
  EXPECT_FALSE(equidistant.ray({240.0f + 3.2f * equidistant.focal_length_px, 135.0f}).has_value());
}

TEST(LensModel, NamesAndTheOlderFisheyeName) {
  for (Lens lens : {Lens::Pinhole, Lens::Equidistant, Lens::Equisolid})
    EXPECT_EQ(parse_lens(lens_name(lens)), lens);
  EXPECT_EQ(parse_lens("fisheye"), Lens::Equidistant);
  EXPECT_FALSE(parse_lens("orthographic").has_value());
}

TEST(LensModel, CameraProjectsThroughItsLens) {
  Camera camera;
  camera.lens = Lens::Equisolid;
  camera.fov_deg = 120.0f;
  camera.position = {0.0f, 7.0f, 3.0f};
  camera.look_at = {0.0f, 0.0f, 0.5f};
  glm::vec3 world(1.0f, 0.5f, 0.8f);
  std::optional<glm::vec2> pixel = camera.project(world);
  ASSERT_TRUE(pixel.has_value());
  std::optional<glm::vec3> ray = camera.ray_direction(*pixel);
  ASSERT_TRUE(ray.has_value());
  glm::vec3 towards = glm::normalize(world - camera.position);
  EXPECT_NEAR(glm::dot(*ray, towards), 1.0f, 1e-5f);
}

}  // namespace
}  // namespace railyard::render
