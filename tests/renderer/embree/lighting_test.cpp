// Direct lighting against closed forms: a Lambertian ground under the sun and a uniform sky, the
// sky seen by camera rays, the background colour, and the sun disc's penumbra.
#include <gtest/gtest.h>

#include <cmath>

#include "renderer/embree/embree_renderer.h"
#include "renderer/sky_radiance.h"
#include "renderer/tone.h"
#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render {
namespace {

constexpr float kPi = 3.14159265f;

Image<glm::vec3> radiance(const Scene& scene, int samples, int max_bounces = 20) {
  EmbreeOptions options;
  options.dielectric_specular = false;
  options.max_bounces = max_bounces;
  EmbreeRenderer renderer(options);
  RenderOptions render;
  render.samples = samples;
  return renderer.render_linear(scene, render).radiance;
}

double mean_channel(const Image<glm::vec3>& image, int channel) {
  double sum = 0.0;
  for (const glm::vec3& c : image.pixels) sum += c[channel];
  return sum / static_cast<double>(image.pixels.size());
}

Scene sunlit_ground(float angular_radius_deg) {
  Scene scene = testing::uniform_sky_scene(0.3f);
  Instance ground = testing::place(testing::make_ground(2000.0f));
  ground.material = testing::plain({0.5f, 0.25f, 0.1f});
  scene.instances.push_back(ground);
  scene.sun.direction = glm::normalize(glm::vec3(0.3f, -0.4f, 0.87f));
  scene.sun.irradiance = {3.0f, 2.0f, 1.0f};
  scene.sun.angular_radius_deg = angular_radius_deg;
  scene.camera.position = {0.0f, -4.0f, 3.0f};
  scene.camera.look_at = {0.0f, 0.0f, 0.0f};
  scene.camera.width = 40;
  scene.camera.height = 24;
  return scene;
}

// L = a / pi * (E cos(theta_sun) + pi L_sky): the sun's irradiance plus the upper hemisphere's.
TEST(Lighting, LambertGroundUnderSunAndSkyMatchesTheClosedForm) {
  for (float radius : {2.0f, 0.0f}) {
    Scene scene = sunlit_ground(radius);
    Image<glm::vec3> image = radiance(scene, 64);
    float cos_sun = glm::normalize(scene.sun.direction).z;
    for (int c = 0; c < 3; ++c) {
      float albedo = scene.instances[0].material->base_color[c];
      double expected = albedo / kPi * (scene.sun.irradiance[c] * cos_sun + kPi * 0.3f);
      EXPECT_NEAR(mean_channel(image, c), expected, 0.01 * expected)
          << "channel " << c << ", sun radius " << radius;
    }
  }
}

TEST(Lighting, CameraRaysThatMissSeeTheSky) {
  Scene scene;
  scene.sky = {{0.2f, 0.3f, 0.9f}, {0.8f, 0.8f, 0.7f}, {0.1f, 0.1f, 0.1f}};
  scene.camera.position = {0.0f, -5.0f, 0.5f};
  scene.camera.look_at = {0.0f, 0.0f, 1.5f};
  scene.camera.width = 48;
  scene.camera.height = 27;
  Image<glm::vec3> image = radiance(scene, 16);
  for (int y = 0; y < scene.camera.height; y += 5) {
    for (int x = 0; x < scene.camera.width; x += 7) {
      glm::vec3 expected =
          sky_radiance(scene.sky, *scene.camera.ray_direction({x + 0.5f, y + 0.5f}));
      for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(image.at(x, y)[c], expected[c], 0.02f) << x << "," << y;
      }
    }
  }
}

TEST(Lighting, BackgroundColourBypassesTheToneCurve) {
  Scene scene;
  scene.background_color = glm::vec3(0.9f, 0.5f, 0.1f);
  scene.camera.width = 16;
  scene.camera.height = 9;
  EmbreeRenderer renderer;
  RenderOptions options;
  options.samples = 4;
  Frame frame = renderer.render(scene, options);
  Rgb8 expected = tone::encode(*scene.background_color);
  for (const Rgb8& pixel : frame.color.pixels) EXPECT_EQ(pixel, expected);
}

// Under a half-plane 1 m above the ground and the sun overhead, the ground beneath the edge sees
// half of the sun's disc; the penumbra is 2 tan(radius) wide.
TEST(Lighting, SunDiscCastsAPenumbraOfItsAngularSize) {
  Scene scene = testing::uniform_sky_scene(0.0f);
  Instance ground = testing::place(testing::make_ground(100.0f));
  ground.material = testing::plain(glm::vec3(0.5f));
  scene.instances.push_back(ground);
  scene.instances.push_back(
      testing::place(testing::make_box({-50.0f, -50.0f, 0.99f}, {0.0f, 50.0f, 1.0f})));
  scene.sun.direction = {0.0f, 0.0f, 1.0f};
  scene.sun.irradiance = glm::vec3(kPi);  // a lit white-ish ground shows 0.5
  scene.sun.angular_radius_deg = 2.0f;
  // Looking straight down from 0.5 m at a 0.2 m wide strip across the shadow's edge.
  scene.camera.position = {0.0f, 0.0f, 0.5f};
  scene.camera.look_at = {0.0f, 0.0f, 0.0f};
  scene.camera.up = {0.0f, 1.0f, 0.0f};
  scene.camera.fov_deg = glm::degrees(2.0f * std::atan(0.1f / 0.5f));
  scene.camera.width = 64;
  scene.camera.height = 4;
  Image<glm::vec3> image = radiance(scene, 256, 0);
  auto column = [&](int x) {
    double sum = 0.0;
    for (int y = 0; y < scene.camera.height; ++y) sum += image.at(x, y).r;
    return sum / scene.camera.height;
  };
  double metres_per_pixel = 0.2 / 64.0;
  double half_penumbra = std::tan(glm::radians(2.0)) / metres_per_pixel;  // in pixels, ~11
  EXPECT_NEAR(0.5 * (column(31) + column(32)), 0.25, 0.01);  // half the disc: half of 0.5
  EXPECT_NEAR(column(32 - static_cast<int>(half_penumbra) - 3), 0.0, 0.005);
  EXPECT_NEAR(column(32 + static_cast<int>(half_penumbra) + 3), 0.5, 0.005);
  // Inside the penumbra the light ramps up monotonically, not in a step.
  for (int x = 32 - static_cast<int>(half_penumbra) + 2; x < 32 + half_penumbra - 2; ++x) {
    EXPECT_GT(column(x + 1), column(x) - 0.01) << x;
    EXPECT_GT(column(x), 0.005) << x;
    EXPECT_LT(column(x), 0.495) << x;
  }
}

}  // namespace
}  // namespace railyard::render
