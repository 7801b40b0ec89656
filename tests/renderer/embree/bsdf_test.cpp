#include "renderer/embree/bsdf.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "renderer/embree/sampler.h"
#include "renderer/embree/sampling.h"

namespace railyard::render::embree {
namespace {

glm::vec3 direction_at(float theta_deg, float phi_deg) {
  float theta = glm::radians(theta_deg), phi = glm::radians(phi_deg);
  return {std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta)};
}

// Lane 0 of a Bsdf that holds one surface in every lane.
struct Value {
  glm::vec3 f;
  float pdf;
};
Value evaluate(const Bsdf& bsdf, const glm::vec3& wi) {
  BsdfValue value = bsdf.evaluate(Vec3s(wi));
  return {value.f.lane(0), value.pdf[0]};
}
struct Sample {
  glm::vec3 wi;
  Value value;
  bool valid;
};
Sample sample(const Bsdf& bsdf, float u_lobe, glm::vec2 u) {
  BsdfSample drawn = bsdf.sample(u_lobe, Vec2s{u.x, u.y});
  return {drawn.wi.lane(0), {drawn.value.f.lane(0), drawn.value.pdf[0]}, drawn.valid[0]};
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
    float u_lobe = stream.next_1d();
    Sample s = sample(bsdf, u_lobe, stream.next_2d());
    if (s.valid) result.importance += s.value.f * s.wi.z / s.value.pdf;
    glm::vec2 u = stream.next_2d();
    float z = u.x, r = std::sqrt(1.0f - z * z), phi = 2.0f * kPi * u.y;
    glm::vec3 wi(r * std::cos(phi), r * std::sin(phi), z);
    result.uniform += evaluate(bsdf, wi).f * z * (2.0f * kPi);
  }
  result.importance /= static_cast<float>(count);
  result.uniform /= static_cast<float>(count);
  return result;
}

// The albedo of a white dielectric under Blender's Principled (v1) model, computed here by
// quadrature, apart from the BSDF's own code: the coat's specular albedo (the BSDF's table) plus
// what it leaves times the directional albedo of Burley's diffuse factor. That factor is not
// energy-conserving, as in Cycles: below one at grazing angles on smooth surfaces, up to 1.5 on
// rough ones (V-LoL's bright far sand).
float principled_white_albedo(float theta_deg, float roughness) {
  glm::vec3 wo = direction_at(theta_deg, 0.0f);
  auto weight = [](float c) { return std::pow(1.0f - std::clamp(c, 0.0f, 1.0f), 5.0f); };
  constexpr int kSteps = 256;
  const double d_theta = 0.5 * kPi / kSteps, d_phi = 2.0 * kPi / kSteps;
  double diffuse = 0.0;
  for (int i = 0; i < kSteps; ++i) {
    float theta = static_cast<float>((i + 0.5) * d_theta);
    for (int j = 0; j < kSteps; ++j) {
      float phi = static_cast<float>((j + 0.5) * d_phi);
      glm::vec3 wi(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                   std::cos(theta));
      float fl = weight(wi.z), fv = weight(wo.z);
      float rr = roughness * (1.0f + glm::dot(wo, wi));  // 2 r (l.h)^2
      float b = (1.0f - 0.5f * fl) * (1.0f - 0.5f * fv) + rr * (fl + fv + fl * fv * (rr - 1.0f));
      diffuse += b * wi.z * std::sin(theta) * d_theta * d_phi;
    }
  }
  glm::vec2 e = BsdfMaterial(0.0f, roughness).specular_albedo.at(wo.z);
  float specular = 0.04f * e.x + e.y;
  return specular + (1.0f - specular) * static_cast<float>(diffuse / kPi);
}

TEST(Bsdf, MatchesTheRasterFormulaAtNormalIncidence) {
  glm::vec3 albedo_color(0.6f, 0.3f, 0.2f);
  float roughness = 0.5f, alpha = roughness * roughness;
  glm::vec3 n(0.0f, 0.0f, 1.0f);
  Bsdf bsdf(albedo_color, 0.0f, roughness, n);
  // brdf.glsl with n.v = n.l = n.h = 1: D = 1/(pi alpha^2), V = 1/4, F = F0 = 0.04; the diffuse
  // keeps what the specular lobe leaves, about 1 - F0 at normal incidence.
  glm::vec3 expected = 0.96f * albedo_color / kPi + glm::vec3(0.04f / (kPi * alpha * alpha) / 4.0f);
  glm::vec3 f = evaluate(bsdf, n).f;
  EXPECT_NEAR(f.r, expected.r, 0.01f * expected.r);
  EXPECT_NEAR(f.g, expected.g, 0.01f * expected.g);
  EXPECT_NEAR(f.b, expected.b, 0.01f * expected.b);
}

// The microfacet lobe is reciprocal; the diffuse lobe's energy weight depends on the view only
// (paths are traced from the camera, so only that order is ever evaluated).
TEST(Bsdf, SpecularLobeIsReciprocal) {
  glm::vec3 color(0.7f, 0.5f, 0.2f);
  glm::vec3 a = direction_at(20.0f, 10.0f), b = direction_at(65.0f, 200.0f);
  glm::vec3 ab = evaluate(Bsdf(color, 1.0f, 0.35f, a), b).f;
  glm::vec3 ba = evaluate(Bsdf(color, 1.0f, 0.35f, b), a).f;
  EXPECT_NEAR(ab.r, ba.r, 1e-5f * ab.r);
  EXPECT_NEAR(ab.g, ba.g, 1e-5f * ab.g);
}

TEST(Bsdf, NothingBelowTheSurface) {
  glm::vec3 below = direction_at(120.0f, 0.0f), above = direction_at(30.0f, 0.0f);
  EXPECT_EQ(evaluate(Bsdf(glm::vec3(0.8f), 0.0f, 0.5f, above), below).f, glm::vec3(0.0f));
  EXPECT_EQ(evaluate(Bsdf(glm::vec3(0.8f), 0.0f, 0.5f, below), above).pdf, 0.0f);
  EXPECT_FALSE(sample(Bsdf(glm::vec3(0.8f), 0.0f, 0.5f, below), 0.5f, {0.5f, 0.5f}).valid);
}

TEST(Bsdf, LambertOnlyWithoutTheDielectricCoat) {
  Bsdf bsdf(glm::vec3(0.5f), 0.0f, 0.5f, direction_at(10.0f, 0.0f), false);
  Value value = evaluate(bsdf, direction_at(70.0f, 90.0f));
  EXPECT_NEAR(value.f.r, 0.5f / kPi, 1e-7f);
  EXPECT_NEAR(value.pdf, std::cos(glm::radians(70.0f)) / kPi, 1e-6f);
}

TEST(Bsdf, WhiteDielectricsReflectWhatBlendersPrincipledDoesAtEveryAngle) {
  for (float roughness : {0.05f, 0.4f, 1.0f}) {
    for (float theta : {0.0f, 45.0f, 80.0f, 88.0f}) {
      Bsdf bsdf(glm::vec3(1.0f), 0.0f, roughness, direction_at(theta, 0.0f));
      EXPECT_NEAR(albedo(bsdf, 200000).importance.r, principled_white_albedo(theta, roughness),
                  0.01f)
          << "roughness " << roughness << ", " << theta;
    }
  }
}

// The sampler draws what evaluate() says, and each sample carries its value: the
// importance-sampled and the uniformly sampled albedo agree, and neither exceeds what a white
// surface reflects (one for metals; Principled's diffuse may exceed it, see above).
struct MaterialCase {
  float metallic, roughness, theta_deg;
};

class BsdfSampling : public ::testing::TestWithParam<MaterialCase> {};

TEST_P(BsdfSampling, ImportanceSamplingIsUnbiasedAndConservesEnergy) {
  MaterialCase c = GetParam();
  Bsdf bsdf(glm::vec3(1.0f), c.metallic, c.roughness, direction_at(c.theta_deg, 30.0f));
  Albedo a = albedo(bsdf, 400000);
  EXPECT_NEAR(a.importance.r, a.uniform.r, 0.02f);
  float diffuse_gain = std::max(0.0f, principled_white_albedo(c.theta_deg, c.roughness) - 1.0f);
  EXPECT_LE(a.importance.r, 1.005f + (1.0f - c.metallic) * diffuse_gain);
  EXPECT_GT(a.importance.r, 0.6f);  // single-scattering GGX loses some energy, not most of it
}

TEST_P(BsdfSampling, SamplesCarryTheirValueAndDensity) {
  MaterialCase c = GetParam();
  Bsdf bsdf(glm::vec3(0.9f, 0.6f, 0.3f), c.metallic, c.roughness, direction_at(c.theta_deg, 30.0f));
  SampleStream stream(1, 0, 0, 0);
  for (int i = 0; i < 1000; ++i) {
    float u_lobe = stream.next_1d();
    Sample s = sample(bsdf, u_lobe, stream.next_2d());
    if (!s.valid) continue;
    Value value = evaluate(bsdf, s.wi);
    EXPECT_EQ(s.value.pdf, value.pdf);
    EXPECT_EQ(s.value.f, value.f);
  }
}

// Each lane is its own surface: four materials, views and directions in one Bsdf give what each
// gives alone, bit for bit, whatever its neighbours hold.
TEST(Bsdf, LanesAreIndependent) {
  const BsdfMaterial materials[kLanes] = {{0.0f, 1.0f}, {1.0f, 0.3f}, {0.5f, 0.05f}, {0.0f, 0.6f}};
  const glm::vec3 colors[kLanes] = {
      glm::vec3(0.8f), {0.9f, 0.6f, 0.3f}, {0.2f, 0.5f, 0.9f}, {0.4f, 0.4f, 0.1f}};
  Bsdf::Materials pointers;
  Vec3s albedo, wo, wi;
  Vec2s u;
  Floats u_lobe;
  for (int i = 0; i < kLanes; ++i) {
    pointers[i] = &materials[i];
    albedo.set_lane(i, colors[i]);
    wo.set_lane(i, direction_at(10.0f + 25.0f * i, 40.0f * i));
    wi.set_lane(i, direction_at(70.0f - 15.0f * i, 100.0f + 30.0f * i));
    u.x[i] = 0.2f + 0.2f * i;
    u.y[i] = 0.9f - 0.25f * i;
    u_lobe[i] = 0.1f + 0.3f * i;  // both lobes among the lanes
  }
  Bsdf lanes(albedo, pointers, wo);
  BsdfValue together = lanes.evaluate(wi);
  BsdfSample drawn = lanes.sample(u_lobe, u);
  for (int i = 0; i < kLanes; ++i) {
    Bsdf alone(colors[i], materials[i], wo.lane(i));
    Value value = evaluate(alone, wi.lane(i));
    EXPECT_EQ(together.f.lane(i), value.f) << "lane " << i;
    EXPECT_EQ(together.pdf[i], value.pdf) << "lane " << i;
    Sample s = sample(alone, u_lobe[i], {u.x[i], u.y[i]});
    EXPECT_EQ(drawn.valid[i], s.valid) << "lane " << i;
    EXPECT_EQ(drawn.wi.lane(i), s.wi) << "lane " << i;
    EXPECT_EQ(drawn.value.pdf[i], s.value.pdf) << "lane " << i;
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
