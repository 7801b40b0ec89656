#include "renderer/embree/bsdf.h"

#include <algorithm>

namespace railyard::render::embree {
namespace {

Floats luminance(const Vec3s& c) {
  return 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
}

}  // namespace

BsdfMaterial::BsdfMaterial(float metallic_in, float roughness_in)
    : source_metallic(metallic_in),
      source_roughness(roughness_in),
      metallic(std::clamp(metallic_in, 0.0f, 1.0f)),
      roughness(std::clamp(roughness_in, 0.045f, 1.0f)),
      alpha(roughness * roughness),
      specular_albedo(roughness) {}

Bsdf::Bsdf(const Vec3s& albedo, const Materials& materials, const Vec3s& wo,
           bool dielectric_specular)
    : wo_(wo) {
  Floats metallic, e_scale, e_bias;
  for (int i = 0; i < kLanes; ++i) {
    const BsdfMaterial& material = *materials[static_cast<std::size_t>(i)];
    metallic[i] = material.metallic;
    alpha_[i] = material.alpha;
    roughness_[i] = material.roughness;
    glm::vec2 e = material.specular_albedo.at(wo.z[i]);
    e_scale[i] = e.x;
    e_bias[i] = e.y;
  }
  f0_ = Vec3s(dielectric_specular ? 0.04f : 0.0f) * (1.0f - metallic) + albedo * metallic;
  Vec3s diffuse_color = albedo * (1.0f - metallic);
  has_specular_ = dielectric_specular ? Mask(true) : metallic > 0.0f;

  // The diffuse lobe gets what the specular lobe does not reflect, as the raster's sky term
  // (1 - its environment BRDF). The raster's sun term uses 1 - F(l.h) instead, which creates
  // energy at grazing angles (up to +60% for a smooth white dielectric): harmless for one bounce
  // of a raster image, not for twenty bounces of a path tracer. The two agree except near grazing.
  // Burley's factor on top (evaluate()) is Cycles' Principled v1, not energy-conserving either:
  // V-LoL's pictures are made with it (tests/renderer/embree/bsdf_test.cpp gives its albedo).
  // Without a specular lobe, the plain Lambert colour.
  Vec3s specular_albedo_rgb = f0_ * e_scale + Vec3s(e_bias);
  Vec3s leftover = Vec3s(1.0f) - specular_albedo_rgb;
  leftover = {max(Floats(0.0f), leftover.x), max(Floats(0.0f), leftover.y),
              max(Floats(0.0f), leftover.z)};
  diffuse_ = select(has_specular_, leftover * diffuse_color * Floats(kInvPi),
                    diffuse_color * Floats(kInvPi));

  // Pick the specular lobe about as often as it reflects.
  Floats specular = luminance(schlick_fresnel(f0_, wo.z));
  Floats diffuse = luminance(diffuse_color) * (1.0f - specular);
  specular_probability_ =
      select(has_specular_,
             select(specular + diffuse > 0.0f, specular / (specular + diffuse), Floats(1.0f)),
             Floats(0.0f));
  alpha2_ = alpha_ * alpha_;
  fv_ = schlick_weight(wo.z);
  wo_masking_ = stdx::sqrt(wo.z * wo.z * (1.0f - alpha2_) + alpha2_);
  // pdf(wi) = spec_prob G1(wo) D / (4 wo.z) for the specular lobe, G1 = 2 wo.z / (wo.z + masking)
  specular_pdf_scale_ = 0.5f / (wo.z + wo_masking_);
  diffuse_pdf_scale_ = (1.0f - specular_probability_) * kInvPi;
}

}  // namespace railyard::render::embree
