// Furnace tests: the camera inside an "integrating sphere", a diffuse sphere whose top cap is open
// to a uniform sky of radiance L. Every point inside a sphere sees any patch of it with the same
// form factor, so with albedo a and an opening of area fraction f the wall's radiance is
//   L_wall = a f L (1 + a(1-f) + (a(1-f))^2 + ...) = a f L / (1 - a(1-f)),
// and L itself when a = 1, however many times the light bounces first.
#include <gtest/gtest.h>

#include "renderer/embree/embree_renderer.h"
#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render {
namespace {

constexpr float kSkyRadiance = 0.5f;
constexpr float kOpening = 0.2f;

Scene integrating_sphere(const Material& wall) {
  Scene scene = testing::uniform_sky_scene(kSkyRadiance);
  Instance sphere = testing::place(testing::make_sphere(10.0f, 128, 64, kOpening));
  sphere.material = wall;
  scene.instances.push_back(sphere);
  // Looking sideways at the wall; the opening (more than 37 degrees up) stays out of view.
  scene.camera.position = glm::vec3(0.0f);
  scene.camera.look_at = {1.0f, 0.2f, 0.0f};
  scene.camera.fov_deg = 60.0f;
  scene.camera.width = 32;
  scene.camera.height = 18;
  return scene;
}

double mean_radiance(const Image<glm::vec3>& image) {
  double sum = 0.0;
  for (const glm::vec3& c : image.pixels) sum += (c.r + c.g + c.b) / 3.0;
  return sum / static_cast<double>(image.pixels.size());
}

double render_mean(const Scene& scene, int max_bounces, bool dielectric_specular, int samples) {
  EmbreeOptions options;
  options.max_bounces = max_bounces;
  options.dielectric_specular = dielectric_specular;
  EmbreeRenderer renderer(options);
  RenderOptions render;
  render.samples = samples;
  return mean_radiance(renderer.render_linear(scene, render).radiance);
}

// The wall's radiance when paths end after `bounces` bounces: the series cut after that term.
double partial_sum(double albedo, int bounces) {
  double sum = 0.0, term = albedo * kOpening * kSkyRadiance;
  for (int k = 0; k <= bounces; ++k, term *= albedo * (1.0 - kOpening)) sum += term;
  return sum;
}

TEST(Furnace, WhiteWorldShowsTheSkyRadiance) {
  double mean = render_mean(integrating_sphere(testing::plain(glm::vec3(1.0f))), 400, false, 128);
  EXPECT_NEAR(mean, kSkyRadiance, 0.01 * kSkyRadiance);
}

TEST(Furnace, GreyWorldConvergesToTheGeometricSeries) {
  for (float albedo : {0.5f, 0.8f}) {
    double expected = albedo * kOpening * kSkyRadiance / (1.0 - albedo * (1.0 - kOpening));
    double mean =
        render_mean(integrating_sphere(testing::plain(glm::vec3(albedo))), 400, false, 128);
    EXPECT_NEAR(mean, expected, 0.015 * expected) << "albedo " << albedo;
  }
}

TEST(Furnace, EnergyGrowsWithBouncesButNeverBeyondTheLimit) {
  constexpr float kAlbedo = 0.8f;
  Scene scene = integrating_sphere(testing::plain(glm::vec3(kAlbedo)));
  double previous = 0.0;
  for (int bounces : {0, 1, 2, 3, 5, 8, 20}) {
    double mean = render_mean(scene, bounces, false, 64);
    double expected = partial_sum(kAlbedo, bounces);
    EXPECT_NEAR(mean, expected, 0.02 * expected) << bounces << " bounces";
    EXPECT_GE(mean, previous * 0.995) << bounces << " bounces";  // within noise, never less
    EXPECT_LE(mean, partial_sum(kAlbedo, 100000) * 1.01) << bounces << " bounces";
    previous = mean;
  }
}

// The shared material model's dielectrics follow Blender's Principled (v1), whose diffuse factor
// is not energy-conserving (bsdf_test.cpp checks their albedo against it at every angle): in
// the sphere, where light bounces hundreds of times, a smooth white wall loses light and a rough
// one gains it, and at roughness 0.5 (the factor's albedo within 2.5% of one) the sphere shows
// about the sky.
TEST(Furnace, WhiteDielectricsWithTheirCoatLoseWhenSmoothAndGainWhenRough) {
  double smooth =
      render_mean(integrating_sphere(testing::plain(glm::vec3(1.0f), 0.0f, 0.05f)), 400, true, 128);
  double middle =
      render_mean(integrating_sphere(testing::plain(glm::vec3(1.0f), 0.0f, 0.5f)), 400, true, 128);
  double rough =
      render_mean(integrating_sphere(testing::plain(glm::vec3(1.0f), 0.0f, 1.0f)), 400, true, 128);
  EXPECT_LT(smooth, 0.95 * kSkyRadiance);
  EXPECT_NEAR(middle, kSkyRadiance, 0.06 * kSkyRadiance);
  EXPECT_GT(rough, 1.2 * kSkyRadiance);
  EXPECT_LT(rough, 2.0 * kSkyRadiance);  // it converges: no runaway
}

TEST(Furnace, MetalsNeverReflectMoreThanTheyReceive) {
  for (float roughness : {0.05f, 0.3f, 0.8f}) {
    Material wall = testing::plain(glm::vec3(1.0f), 1.0f, roughness);
    double mean = render_mean(integrating_sphere(wall), 400, true, 64);
    EXPECT_LE(mean, 1.01 * kSkyRadiance) << "roughness " << roughness;
    if (roughness < 0.1f) {
      EXPECT_GT(mean, 0.97 * kSkyRadiance);  // a mirror loses nothing
    }
  }
}

}  // namespace
}  // namespace railyard::render
