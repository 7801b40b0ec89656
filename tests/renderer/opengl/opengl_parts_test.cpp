// The OpenGL backend's CPU-side pieces, without a context: sky irradiance, shadow-map fitting,
// cube faces for the fisheye lens, and the shared tone curve.
#include <gtest/gtest.h>

#include <numbers>

#include "renderer/opengl/cube_faces.h"
#include "renderer/opengl/shadow_fit.h"
#include "renderer/opengl/sky_irradiance.h"
#include "renderer/tone.h"

namespace railyard::render {
namespace {

TEST(SkyIrradianceTest, UniformSkyGivesPiTimesItsRadianceForEveryNormal) {
  Sky sky{glm::vec3(0.5f), glm::vec3(0.5f), glm::vec3(0.5f)};
  for (const glm::vec3& e : sky_irradiance_table(sky)) {
    EXPECT_NEAR(e.r, 0.5f * std::numbers::pi_v<float>, 2e-3f);
  }
}

TEST(SkyIrradianceTest, UpFacingSurfacesSeeTheSkyDownFacingOnesTheGround) {
  Sky sky{glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.0f)};
  auto table = sky_irradiance_table(sky);
  EXPECT_GT(table.back().r, 1.5f);
  EXPECT_NEAR(table.back().b, 0.0f, 1e-6f);
  EXPECT_NEAR(table.front().r, 0.0f, 1e-6f);
  EXPECT_NEAR(table.front().b, std::numbers::pi_v<float>, 0.05f);
}

TEST(ShadowFitTest, FitsTheCastersNotAWideFlatGround) {
  Bounds ground{{-100, -100, 0}, {100, 100, 0}};
  Bounds car{{-2, -1, 0}, {2, 1, 1.5f}};
  glm::vec3 to_sun = glm::normalize(glm::vec3(0.3f, -0.4f, 0.87f));
  Bounds everywhere{glm::vec3(-1e4f), glm::vec3(1e4f)};
  ShadowView view = fit_shadow_view({ground, car}, to_sun, everywhere);
  EXPECT_TRUE(is_flat(ground));
  EXPECT_FALSE(is_flat(car));
  EXPECT_LT(view.width_m, 6.0f);
  for (const glm::vec3& c : car.corners()) {
    glm::vec4 t = view.texture_from_world * glm::vec4(c, 1.0f);
    EXPECT_GE(t.x, 0.0f);
    EXPECT_LE(t.x, 1.0f);
    EXPECT_GE(t.y, 0.0f);
    EXPECT_LE(t.y, 1.0f);
    EXPECT_GE(t.z, 0.0f);
    EXPECT_LE(t.z, 1.0f);
  }
  // Nearer the sun means smaller depth.
  glm::vec4 top = view.texture_from_world * glm::vec4(0, 0, 1.5f, 1);
  glm::vec4 bottom = view.texture_from_world * glm::vec4(0, 0, 0, 1);
  EXPECT_LT(top.z, bottom.z);
}

// Rails through the whole view run 100 m to either side; V-LoL's camera sees 11.7 m away. The
// map covers what the camera sees near its focus, so the train's shadow keeps its detail.
TEST(ShadowFitTest, LongCastersAreClippedToTheShadowRegion) {
  Camera camera;
  camera.position = {0, 11, 4};
  camera.look_at = {0, 0, 0};
  camera.fov_deg = 49.13f;
  // Track segments of 2 m, each a caster, and the train.
  std::vector<Bounds> casters{Bounds{{-4, -1, 0}, {4, 1, 2}}};
  for (float x = -100.0f; x < 100.0f; x += 2.0f)
    casters.push_back({{x, -0.8f, 0}, {x + 2, 0.8f, 0.3f}});
  const Bounds& train = casters.front();
  glm::vec3 to_sun = glm::normalize(glm::vec3(0.62f, 0.70f, 0.34f));
  Bounds region = shadow_region(camera);
  EXPECT_LT(region.max.x, 40.0f);
  EXPECT_GT(region.max.x, 10.0f);  // the view is ~21 m wide at 2.5 focus distances
  ShadowView view = fit_shadow_view(casters, to_sun, region);
  EXPECT_LT(view.width_m, 40.0f);
  for (const glm::vec3& c : train.corners()) {
    glm::vec4 t = view.texture_from_world * glm::vec4(c, 1.0f);
    EXPECT_TRUE(t.x >= 0 && t.x <= 1 && t.y >= 0 && t.y <= 1) << c.x << " " << c.y << " " << c.z;
  }
  Bounds everywhere{glm::vec3(-1e4f), glm::vec3(1e4f)};
  EXPECT_GT(fit_shadow_view(casters, to_sun, everywhere).width_m, 150.0f);
}

TEST(CubeFacesTest, NarrowFisheyeNeedsOnlyTheFrontFaceWideOneMore) {
  Camera camera;
  camera.lens = Lens::Equidistant;
  camera.fov_deg = 60.0f;
  auto narrow = cube_faces_seen(camera);
  EXPECT_TRUE(narrow[5]);  // -Z: the camera looks down -Z
  for (int f = 0; f < 5; ++f) EXPECT_FALSE(narrow[f]) << f;
  camera.fov_deg = 180.0f;
  auto wide = cube_faces_seen(camera);
  for (int f = 0; f < 4; ++f) EXPECT_TRUE(wide[f]) << f;
  EXPECT_FALSE(wide[4]);  // +Z, behind the camera
  EXPECT_GE(cube_face_size(camera), camera.width / 2);
}

// Blender's Standard view, as V-LoL renders: colours pass unchanged, highlights clip to white.
TEST(ToneTest, ColoursPassUnchangedHighlightsClipToWhite) {
  glm::vec3 paint(0.5f, 0.1f, 0.05f);
  EXPECT_EQ(tone::display_linear(paint), paint);
  EXPECT_EQ(tone::display_linear(glm::vec3(8.0f, 0.5f, -1.0f)), glm::vec3(1.0f, 0.5f, 0.0f));
  EXPECT_EQ(tone::encode(glm::vec3(0.0f)), (Rgb8{0, 0, 0}));
  EXPECT_EQ(tone::encode(glm::vec3(1.0f)), (Rgb8{255, 255, 255}));
  EXPECT_EQ(tone::encode(glm::vec3(0.2158605f)).r, 128);  // sRGB 128
}

}  // namespace
}  // namespace railyard::render
