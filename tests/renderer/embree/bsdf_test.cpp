#include "renderer/embree/bsdf.h"

#include <gtest/gtest.h>

#include <cmath>

#include "renderer/embree/sampler.h"
#include "renderer/embree/sampling.h"

namespace railyard::render::embree {
namespace {

glm::vec3 direction_at(float theta_deg, float phi_deg) {
  float theta = glm::radians(theta_deg), phi = glm::radians(phi_deg);
  return {std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta)};
}

// The directional albedo: the mean of f cos / pdf over BSDF samples, and the same integral by
// uniform hemisphere sampling, which does not depend on the BSDF's own sampling.
struct Albedo {
  glm::vec3 importance{0.0f};
  glm::vec3 uniform{0.0f};
};

Albedo albedo(const Bsdf& bsdf, int count) {
  Albedo result;
  SampleStream stream(42, 0, 0, 0);
  for (int i = 0; i < count; ++i) {
    BsdfSample sample;
    float u_lobe = stream.next_1d();
    if (bsdf.sample(u_lobe, stream.next_2d(), sample)) {
      result.importance += sample.f * sample.wi.z / sample.pdf;
    }
    glm::vec2 u = stream.next_2d();
    float z = u.x, r = std::sqrt(1.0f - z * z), phi = 2.0f * kPi * u.y;
    glm::vec3 wi(r * std::cos(phi), r * std::sin(phi), z);
    result.uniform += bsdf.evaluate(wi).f * z * (2.0f * kPi);
  }
  result.importance /= static_cast<float>(count);
  result.uniform /= static_cast<float>(count);
  return result;
}

TEST(Bsdf, MatchesTheRasterFormulaAtNormalIncidence) {
  glm::vec3 albedo_color(0.6f, 0.3f, 0.2f);
  float roughness = 0.5f, alpha = roughness * roughness;
  glm::vec3 n(0.0f, 0.0f, 1.0f);
  Bsdf bsdf(albedo_color, 0.0f, roughness, n);
  // brdf.glsl with n.v = n.l = n.h = 1: D = 1/(pi alpha^2), V = 1/4, F = F0 = 0.04; the diffuse
  // keeps what the specular lobe leaves, about 1 - F0 at normal incidence.
  glm::vec3 expected = 0.96f * albedo_color / kPi + glm::vec3(0.04f / (kPi * alpha * alpha) / 4.0f);
  glm::vec3 f = bsdf.evaluate(n).f;
  EXPECT_NEAR(f.r, expected.r, 0.01f * expected.r);
  EXPECT_NEAR(f.g, expected.g, 0.01f * expected.g);
  EXPECT_NEAR(f.b, expected.b, 0.01f * expected.b);
}

// The microfacet lobe is reciprocal; the diffuse lobe's energy weight depends on the view only
// (paths are traced from the camera, so only that order is ever evaluated).
TEST(Bsdf, SpecularLobeIsReciprocal) {
  glm::vec3 color(0.7f, 0.5f, 0.2f);
  glm::vec3 a = direction_at(20.0f, 10.0f), b = direction_at(65.0f, 200.0f);
  glm::vec3 ab = Bsdf(color, 1.0f, 0.35f, a).evaluate(b).f;
  glm::vec3 ba = Bsdf(color, 1.0f, 0.35f, b).evaluate(a).f;
  EXPECT_NEAR(ab.r, ba.r, 1e-5f * ab.r);
  EXPECT_NEAR(ab.g, ba.g, 1e-5f * ab.g);
}

TEST(Bsdf, NothingBelowTheSurface) {
  glm::vec3 below = direction_at(120.0f, 0.0f), above = direction_at(30.0f, 0.0f);
  EXPECT_EQ(Bsdf(glm::vec3(0.8f), 0.0f, 0.5f, above).evaluate(below).f, glm::vec3(0.0f));
  EXPECT_EQ(Bsdf(glm::vec3(0.8f), 0.0f, 0.5f, below).evaluate(above).pdf, 0.0f);
  BsdfSample sample;
  EXPECT_FALSE(Bsdf(glm::vec3(0.8f), 0.0f, 0.5f, below).sample(0.5f, {0.5f, 0.5f}, sample));
}

TEST(Bsdf, LambertOnlyWithoutTheDielectricCoat) {
  Bsdf bsdf(glm::vec3(0.5f), 0.0f, 0.5f, direction_at(10.0f, 0.0f), false);
  BsdfValue value = bsdf.evaluate(direction_at(70.0f, 90.0f));
  EXPECT_NEAR(value.f.r, 0.5f / kPi, 1e-7f);
  EXPECT_NEAR(value.pdf, std::cos(glm::radians(70.0f)) / kPi, 1e-6f);
}

TEST(Bsdf, WhiteDielectricsReflectAllTheirLightAtEveryAngle) {
  for (float roughness : {0.05f, 0.4f, 1.0f}) {
    for (float theta : {0.0f, 45.0f, 80.0f, 88.0f}) {
      Bsdf bsdf(glm::vec3(1.0f), 0.0f, roughness, direction_at(theta, 0.0f));
      EXPECT_NEAR(albedo(bsdf, 200000).importance.r, 1.0f, 0.01f)
          << "roughness " << roughness << ", " << theta;
    }
  }
}

// The sampler draws what evaluate() says, and each sample carries its value: the
// importance-sampled and the uniformly sampled albedo agree, and neither exceeds one for a white
// surface.
struct MaterialCase {
  float metallic, roughness, theta_deg;
};

class BsdfSampling : public ::testing::TestWithParam<MaterialCase> {};

TEST_P(BsdfSampling, ImportanceSamplingIsUnbiasedAndConservesEnergy) {
  MaterialCase c = GetParam();
  Bsdf bsdf(glm::vec3(1.0f), c.metallic, c.roughness, direction_at(c.theta_deg, 30.0f));
  Albedo a = albedo(bsdf, 400000);
  EXPECT_NEAR(a.importance.r, a.uniform.r, 0.02f);
  EXPECT_LE(a.importance.r, 1.005f);
  EXPECT_GT(a.importance.r, 0.6f);  // single-scattering GGX loses some energy, not most of it
}

TEST_P(BsdfSampling, SamplesCarryTheirValueAndDensity) {
  MaterialCase c = GetParam();
  Bsdf bsdf(glm::vec3(0.9f, 0.6f, 0.3f), c.metallic, c.roughness, direction_at(c.theta_deg, 30.0f));
  SampleStream stream(1, 0, 0, 0);
  for (int i = 0; i < 1000; ++i) {
    BsdfSample sample;
    float u_lobe = stream.next_1d();
    if (!bsdf.sample(u_lobe, stream.next_2d(), sample)) continue;
    BsdfValue value = bsdf.evaluate(sample.wi);
    EXPECT_EQ(sample.pdf, value.pdf);
    EXPECT_EQ(sample.f, value.f);
  }
}

INSTANTIATE_TEST_SUITE_P(Materials, BsdfSampling,
                         ::testing::Values(MaterialCase{0.0f, 0.5f, 30.0f},
                                           MaterialCase{0.0f, 1.0f, 75.0f},
                                           MaterialCase{1.0f, 0.3f, 10.0f},
                                           MaterialCase{1.0f, 0.6f, 60.0f},
                                           MaterialCase{0.5f, 0.4f, 45.0f}));

}  // namespace
}  // namespace railyard::render::embree
