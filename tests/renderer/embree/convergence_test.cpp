// Monte Carlo convergence: the error against a high-sample render falls as 1/sqrt(samples), so
// each fourfold increase in samples halves it. A biased estimator (or correlated samples) would
// level off instead; stratified sampling would fall faster. Measured on the display-linear colour
// the images are made of: each sample is tone-mapped into [0, 1] first, so rare bright paths
// (caustics off the metal sphere) cannot dominate the error as they would in linear radiance.
#include <gtest/gtest.h>

#include <cmath>

#include "renderer/embree/embree_renderer.h"
#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render {
namespace {

double rmse(const Image<glm::vec3>& a, const Image<glm::vec3>& b) {
  double sum = 0.0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i) {
    glm::vec3 d = a.pixels[i] - b.pixels[i];
    sum += glm::dot(d, d) / 3.0;
  }
  return std::sqrt(sum / static_cast<double>(a.pixels.size()));
}

TEST(Convergence, ErrorHalvesWithEveryFourfoldSamples) {
  Scene scene = testing::small_yard(48, 27);
  EmbreeRenderer renderer;
  RenderOptions options;
  options.seed = 1000;  // the reference's noise is independent of the test renders'
  options.samples = 2048;
  Image<glm::vec3> reference = renderer.render_linear(scene, options).display;

  options.seed = 0;
  double previous = 0.0;
  for (int samples : {4, 16, 64}) {
    options.samples = samples;
    double error = rmse(renderer.render_linear(scene, options).display, reference);
    if (previous > 0.0) {
      // The reference's own noise (variance / 2048) slightly lowers the ratio at 64 samples.
      EXPECT_NEAR(previous / error, 2.0, 0.25) << samples << " samples";
    }
    previous = error;
  }
}

}  // namespace
}  // namespace railyard::render
