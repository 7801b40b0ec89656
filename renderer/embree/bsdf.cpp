#include "renderer/embree/bsdf.h"

#include <algorithm>
#include <cmath>

namespace railyard::render::embree {
namespace {

float luminance(const glm::vec3& c) {
  return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

}  // namespace

BsdfMaterial::BsdfMaterial(float metallic_in, float roughness_in)
    : source_metallic(metallic_in),
      source_roughness(roughness_in),
      metallic(std::clamp(metallic_in, 0.0f, 1.0f)),
      roughness(std::clamp(roughness_in, 0.045f, 1.0f)),
      alpha(roughness * roughness),
      specular_albedo(roughness) {}

Bsdf::Bsdf(const glm::vec3& albedo, const BsdfMaterial& material, const glm::vec3& wo,
           bool dielectric_specular)
    : wo_(wo) {
  if (wo.z <= 0.0f) return;  // seen from below its shading normal: black
  float metallic = material.metallic;
  alpha_ = material.alpha;
  f0_ = glm::mix(glm::vec3(dielectric_specular ? 0.04f : 0.0f), albedo, metallic);
  glm::vec3 diffuse_color = albedo * (1.0f - metallic);
  has_specular_ = dielectric_specular || metallic > 0.0f;
  diffuse_pdf_scale_ = kInvPi;
  if (!has_specular_) {
    diffuse_ = diffuse_color * kInvPi;
    return;
  }
  // The diffuse lobe gets what the specular lobe does not reflect, as the raster's sky term
  // (1 - its environment BRDF). The raster's sun term uses 1 - F(l.h) instead, which creates
  // energy at grazing angles (up to +60% for a smooth white dielectric): harmless for one bounce
  // of a raster image, not for twenty bounces of a path tracer. The two agree except near grazing.
  // Burley's factor on top (evaluate()) is Cycles' Principled v1, not energy-conserving either:
  // V-LoL's pictures are made with it (tests/renderer/embree/bsdf_test.cpp gives its albedo).
  glm::vec2 e = material.specular_albedo.at(wo.z);
  glm::vec3 specular_albedo_rgb = f0_ * e.x + e.y;
  diffuse_ = glm::max(glm::vec3(0.0f), 1.0f - specular_albedo_rgb) * diffuse_color * kInvPi;

  // Pick the specular lobe about as often as it reflects.
  float specular = luminance(schlick_fresnel(f0_, wo.z));
  float diffuse = luminance(diffuse_color) * (1.0f - specular);
  specular_probability_ = specular + diffuse > 0.0f ? specular / (specular + diffuse) : 1.0f;
  alpha2_ = alpha_ * alpha_;
  roughness_ = material.roughness;
  fv_ = schlick_weight(wo.z);
  wo_masking_ = std::sqrt(wo.z * wo.z * (1.0f - alpha2_) + alpha2_);
  // G1(wo) / (4 wo.z) with G1 = 2 wo.z / (wo.z + wo_masking), as smith_g1.
  specular_pdf_scale_ = 0.5f / (wo.z + wo_masking_);
  diffuse_pdf_scale_ = (1.0f - specular_probability_) * kInvPi;
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
