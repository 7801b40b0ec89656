#include "renderer/embree/camera_rays.h"

#include <gtest/gtest.h>

namespace railyard::render::embree {
namespace {

void expect_same_rays(const Camera& camera) {
  CameraRays rays(camera);
  for (float y = 0.0f; y <= static_cast<float>(camera.height); y += 13.25f) {
    for (float x = 0.0f; x <= static_cast<float>(camera.width); x += 17.5f) {
      glm::vec3 direction;
      ASSERT_TRUE(rays.direction({x, y}, direction));
      glm::vec3 expected = *camera.ray_direction({x, y});
      EXPECT_NEAR(direction.x, expected.x, 1e-6f) << x << "," << y;
      EXPECT_NEAR(direction.y, expected.y, 1e-6f) << x << "," << y;
      EXPECT_NEAR(direction.z, expected.z, 1e-6f) << x << "," << y;
    }
  }
}

TEST(CameraRays, MatchCameraRayDirectionForThePinhole) {
  Camera camera;
  camera.position = {3.0f, -7.0f, 2.5f};
  camera.look_at = {0.5f, 0.0f, 0.4f};
  expect_same_rays(camera);
}

TEST(CameraRays, MatchCameraRayDirectionForTheFisheye) {
  Camera camera;
  camera.lens = Lens::Equidistant;
  camera.fov_deg = 180.0f;
  camera.position = {-2.0f, -6.0f, 1.5f};
  expect_same_rays(camera);
}

TEST(CameraRays, MatchCameraRayDirectionForTheEquisolidFisheye) {
  Camera camera;
  camera.lens = Lens::Equisolid;
  camera.fov_deg = 120.0f;
  camera.position = {0.0f, 7.0f, 3.0f};
  expect_same_rays(camera);
}

TEST(CameraRays, FisheyeSeesNothingBeyondHalfACircleOffAxis) {
  Camera camera;
  camera.lens = Lens::Equidistant;
  camera.fov_deg = 400.0f;  // the image's corners lie more than 180 degrees off-axis
  CameraRays rays(camera);
  glm::vec3 direction;
  EXPECT_TRUE(rays.direction({240.0f, 135.0f}, direction));
  EXPECT_FALSE(rays.direction({0.0f, 0.0f}, direction));
}

TEST(CameraRays, ClipRangeFollowsTheRasterPlanesForThePinhole) {
  Camera camera;
  camera.near = 0.1f;
  camera.far = 100.0f;
  CameraRays rays(camera);
  glm::vec3 centre, corner;
  ASSERT_TRUE(rays.direction({240.0f, 135.0f}, centre));
  ASSERT_TRUE(rays.direction({0.0f, 0.0f}, corner));
  EXPECT_NEAR(rays.clip_range(centre).x, 0.1f, 1e-6f);
  EXPECT_NEAR(rays.clip_range(centre).y, 100.0f, 1e-3f);
  // Off-axis rays reach the planes at larger distances.
  EXPECT_GT(rays.clip_range(corner).y, 100.5f);
}

}  // namespace
}  // namespace railyard::render::embree
