// The surface model the raster backend shades with (renderer/opengl/shaders/brdf.glsl), as a BSDF
// the path tracer can evaluate and sample: metal/roughness with a GGX (Trowbridge-Reitz)
// microfacet lobe, height-correlated Smith visibility and Schlick's Fresnel, plus Blender's
// Principled diffuse lobe (Burley's, microfacet.h) for the non-metallic part, weighted by what the
// specular lobe leaves (see the constructor).
// Directions are in the local frame of the shading normal (+Z), on the side light leaves towards.
// A Bsdf holds four path vertices, one per lane (lanes.h), each made for its outgoing direction
// (the path's), so what depends on it alone is computed once per vertex rather than once per
// light sample.
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "renderer/embree/lanes.h"
#include "renderer/embree/microfacet.h"
#include "renderer/embree/sampling.h"
#include "renderer/embree/specular_albedo.h"

namespace railyard::render::embree {

struct BsdfValue {
  Vec3s f{0.0f};      // BSDF value (not times the cosine)
  Floats pdf = 0.0f;  // density with which sample() picks that direction
};

struct BsdfSample {
  Vec3s wi;  // local
  BsdfValue value;
  Mask valid;  // lanes where a direction was sampled
};

// What a material's BSDF needs that does not depend on the point or the direction: resolved once
// per material and frame instead of once per path vertex.
struct BsdfMaterial {
  BsdfMaterial(float metallic, float roughness);

  float source_metallic, source_roughness;  // as given, before clamping
  float metallic;
  float roughness;  // with brdf.glsl's floor: no perfect mirrors
  float alpha;      // roughness^2
  SpecularAlbedo specular_albedo;
};

class Bsdf {
 public:
  using Materials = std::array<const BsdfMaterial*, kLanes>;

  // albedo: the materials' colours at the points (pattern applied); wo: local, towards the viewer.
  // dielectric_specular = false makes non-metals pure Lambert (no specular lobe, no Burley
  // factor), for tests whose analytic answers assume it.
  Bsdf(const Vec3s& albedo, const Materials& materials, const Vec3s& wo,
       bool dielectric_specular = true);
  // One surface in every lane.
  Bsdf(const glm::vec3& albedo, const BsdfMaterial& material, const glm::vec3& wo,
       bool dielectric_specular = true)
      : Bsdf(Vec3s(albedo), every_lane(material), Vec3s(wo), dielectric_specular) {}
  Bsdf(const glm::vec3& albedo, float metallic, float roughness, const glm::vec3& wo,
       bool dielectric_specular = true)
      : Bsdf(albedo, BsdfMaterial(metallic, roughness), wo, dielectric_specular) {}

  const Vec3s& wo() const { return wo_; }
  // Inline: the path tracer calls it twice per path vertex.
  BsdfValue evaluate(const Vec3s& wi) const;
  // Picks a lobe with `u_lobe`, then a direction with `u`.
  BsdfSample sample(const Floats& u_lobe, const Vec2s& u) const;

 private:
  static Materials every_lane(const BsdfMaterial& material) {
    Materials all;
    all.fill(&material);
    return all;
  }

  Vec3s wo_;
  Vec3s diffuse_;  // colour / pi, weighted; times principled_diffuse() unless pure Lambert
  Vec3s f0_;
  Floats alpha_, alpha2_, roughness_;
  Floats specular_probability_;
  Floats diffuse_pdf_scale_;   // (1 - specular probability) / pi: cosine lobe density
  Floats specular_pdf_scale_;  // G1(wo) / (4 wo.z): visible-normal density -> wi density
  Floats wo_masking_;          // sqrt(wo.z^2 (1 - a^2) + a^2), half of Smith's V
  Floats fv_;                  // schlick_weight(wo.z), the diffuse lobe's viewer term
  Mask has_specular_;
};

[[gnu::always_inline]] inline BsdfValue Bsdf::evaluate(const Vec3s& wi) const {
  Floats lambert_pdf = diffuse_pdf_scale_ * wi.z;
  Floats cos_d2 = 0.5f * (1.0f + dot(wo_, wi));
  Vec3s f = diffuse_ * principled_diffuse(schlick_weight(wi.z), fv_, cos_d2, roughness_);
  // With the unnormalised half vector h = wo + wi: n.h^2 = h.z^2 / |h|^2 and wi.h = |h| / 2, so
  // D = a^2 / (pi t^2) with t = (n.h)^2 (a^2 - 1) + 1 = (h.x^2 + h.y^2 + a^2 h.z^2) / |h|^2, a sum
  // of squares that keeps its precision at the peak of a sharp lobe. Smith's height-correlated
  // V = 0.5 / (n.l sqrt(n.v^2 (1-a^2) + a^2) + n.v sqrt(n.l^2 (1-a^2) + a^2)). One division.
  Vec3s h = wo_ + wi;
  Floats lateral = h.x * h.x + h.y * h.y;
  Floats length2 = lateral + h.z * h.z;
  Floats spread = lateral + alpha2_ * h.z * h.z;  // t |h|^2 > 0: wo and wi are both above
  Floats wi_masking = stdx::sqrt(wi.z * wi.z * (1.0f - alpha2_) + alpha2_);
  Floats masking = wi.z * wo_masking_ + wo_.z * wi_masking;
  Floats r = alpha2_ * length2 * length2 / (kPi * spread * spread * masking);  // D / |masking|
  f += schlick_fresnel(f0_, 0.5f * stdx::sqrt(length2)) * (0.5f * r);
  Floats pdf = lambert_pdf + specular_probability_ * specular_pdf_scale_ * masking * r;

  Mask above = wo_.z > 0.0f && wi.z > 0.0f;
  BsdfValue value;
  value.f = select(above, select(has_specular_, f, diffuse_), Vec3s(0.0f));
  value.pdf = select(above, select(has_specular_, pdf, lambert_pdf), Floats(0.0f));
  return value;
}

[[gnu::always_inline]] inline BsdfSample Bsdf::sample(const Floats& u_lobe, const Vec2s& u) const {
  BsdfSample out;
  Mask specular = u_lobe < specular_probability_;
  // Each warp only where a lane needs it: the visible-normal one costs the most.
  if (stdx::any_of(specular)) out.wi = reflect(-wo_, sample_visible_normal(wo_, alpha_, u));
  if (!stdx::all_of(specular)) out.wi = select(specular, out.wi, sample_cosine_hemisphere(u));
  out.value = evaluate(out.wi);
  out.valid = wo_.z > 0.0f && out.wi.z > 0.0f && out.value.pdf > 0.0f;
  return out;
}

}  // namespace railyard::render::embree
