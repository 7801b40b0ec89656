#include "renderer/embree/bsdf.h"

#include <algorithm>
#include <cmath>

#include "renderer/embree/microfacet.h"
#include "renderer/embree/sampling.h"
#include "renderer/embree/specular_albedo.h"

namespace railyard::render::embree {
namespace {

float luminance(const glm::vec3& c) {
  return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

}  // namespace

Bsdf::Bsdf(const glm::vec3& albedo, float metallic, float roughness, const glm::vec3& wo,
           bool dielectric_specular)
    : wo_(wo) {
  if (wo.z <= 0.0f) return;  // seen from below its shading normal: black
  metallic = std::clamp(metallic, 0.0f, 1.0f);
  float r = std::clamp(roughness, 0.045f, 1.0f);  // brdf.glsl's floor: no perfect mirrors
  alpha_ = r * r;
  f0_ = glm::mix(glm::vec3(dielectric_specular ? 0.04f : 0.0f), albedo, metallic);
  glm::vec3 diffuse_color = albedo * (1.0f - metallic);
  has_specular_ = dielectric_specular || metallic > 0.0f;
  diffuse_pdf_scale_ = 1.0f / kPi;
  if (!has_specular_) {
    diffuse_ = diffuse_color / kPi;
    return;
  }
  // The diffuse lobe gets what the specular lobe does not reflect, as the raster's sky term
  // (1 - its environment BRDF). The raster's sun term uses 1 - F(l.h) instead, which creates
  // energy at grazing angles (up to +60% for a smooth white dielectric): harmless for one bounce
  // of a raster image, not for twenty bounces of a path tracer. The two agree except near grazing.
  glm::vec2 e = specular_albedo(wo.z, r);
  glm::vec3 specular_albedo_rgb = f0_ * e.x + e.y;
  diffuse_ = glm::max(glm::vec3(0.0f), 1.0f - specular_albedo_rgb) * diffuse_color / kPi;

  // Pick the specular lobe about as often as it reflects.
  float specular = luminance(schlick_fresnel(f0_, wo.z));
  float diffuse = luminance(diffuse_color) * (1.0f - specular);
  specular_probability_ = specular + diffuse > 0.0f ? specular / (specular + diffuse) : 1.0f;
  specular_pdf_scale_ = smith_g1(wo.z, alpha_) / (4.0f * wo.z);
  alpha2_ = alpha_ * alpha_;
  wo_masking_ = std::sqrt(wo.z * wo.z * (1.0f - alpha2_) + alpha2_);
  diffuse_pdf_scale_ = (1.0f - specular_probability_) / kPi;
}

BsdfValue Bsdf::evaluate(const glm::vec3& wi) const {
  BsdfValue value;
  if (wo_.z <= 0.0f || wi.z <= 0.0f) return value;
  value.f = diffuse_;
  value.pdf = diffuse_pdf_scale_ * wi.z;
  if (!has_specular_) return value;
  // The half vector h = (wo + wi) / |wo + wi| enters only through n.h and wi.h.
  float cos_between = glm::dot(wo_, wi);
  float inverse_length = 1.0f / std::sqrt(std::max(2.0f + 2.0f * cos_between, 1e-12f));
  float n_dot_h = (wo_.z + wi.z) * inverse_length;
  float wi_dot_h = (1.0f + cos_between) * inverse_length;
  // D = a^2 / (pi t^2) with t = (n.h)^2 (a^2 - 1) + 1, and Smith's height-correlated
  // V = 0.5 / (n.l sqrt(n.v^2 (1-a^2) + a^2) + n.v sqrt(n.l^2 (1-a^2) + a^2)): one division.
  float t = n_dot_h * n_dot_h * (alpha2_ - 1.0f) + 1.0f;
  float wi_masking = std::sqrt(wi.z * wi.z * (1.0f - alpha2_) + alpha2_);
  float masking = wi.z * wo_masking_ + wo_.z * wi_masking;
  float r = 1.0f / (kPi * t * t * masking);
  float d = alpha2_ * masking * r;
  value.f += schlick_fresnel(f0_, wi_dot_h) * (0.5f * alpha2_ * r);
  value.pdf += specular_probability_ * d * specular_pdf_scale_;
  return value;
}

bool Bsdf::sample(float u_lobe, glm::vec2 u, BsdfSample& out) const {
  if (wo_.z <= 0.0f) return false;
  if (u_lobe < specular_probability_) {
    out.wi = glm::reflect(-wo_, sample_visible_normal(wo_, alpha_, u));
  } else {
    out.wi = sample_cosine_hemisphere(u);
  }
  if (out.wi.z <= 0.0f) return false;
  BsdfValue value = evaluate(out.wi);
  out.f = value.f;
  out.pdf = value.pdf;
  return out.pdf > 0.0f;
}

}  // namespace railyard::render::embree
