// The surface model the raster backend shades with (renderer/opengl/shaders/brdf.glsl), as a BSDF
// the path tracer can evaluate and sample: metal/roughness with a GGX (Trowbridge-Reitz)
// microfacet lobe, height-correlated Smith visibility and Schlick's Fresnel, plus Blender's
// Principled diffuse lobe (Burley's, microfacet.h) for the non-metallic part, weighted by what the
// specular lobe leaves (see the constructor).
// Directions are in the local frame of the shading normal (+Z), on the side light leaves towards.
// A Bsdf is made for one outgoing direction (the path's), so what depends on it alone is
// computed once per path vertex rather than once per light sample.
#pragma once

#include <cmath>
#include <glm/glm.hpp>

#include "renderer/embree/microfacet.h"
#include "renderer/embree/sampling.h"
#include "renderer/embree/specular_albedo.h"

namespace railyard::render::embree {

struct BsdfSample {
  glm::vec3 wi;  // local
  glm::vec3 f;   // BSDF value (not times the cosine)
  float pdf = 0.0f;
};

struct BsdfValue {
  glm::vec3 f{0.0f};  // BSDF value (not times the cosine)
  float pdf = 0.0f;   // density with which sample() picks that direction
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
  // albedo: the material's colour at the point (pattern applied); wo: local, towards the viewer.
  // dielectric_specular = false makes non-metals pure Lambert (no specular lobe, no Burley
  // factor), for tests whose analytic answers assume it.
  Bsdf(const glm::vec3& albedo, const BsdfMaterial& material, const glm::vec3& wo,
       bool dielectric_specular = true);
  Bsdf(const glm::vec3& albedo, float metallic, float roughness, const glm::vec3& wo,
       bool dielectric_specular = true)
      : Bsdf(albedo, BsdfMaterial(metallic, roughness), wo, dielectric_specular) {}

  const glm::vec3& wo() const { return wo_; }
  // Inline: the path tracer calls it three times per path vertex.
  BsdfValue evaluate(const glm::vec3& wi) const;
  // Picks a lobe with `u_lobe`, then a direction with `u`; false when nothing was sampled.
  bool sample(float u_lobe, glm::vec2 u, BsdfSample& out) const;

 private:
  glm::vec3 wo_;
  glm::vec3 diffuse_;  // colour / pi, weighted; times principled_diffuse() unless pure Lambert
  glm::vec3 f0_;
  float alpha_ = 1.0f;
  float alpha2_ = 1.0f;
  float specular_probability_ = 0.0f;
  float diffuse_pdf_scale_ = 0.0f;   // (1 - specular probability) / pi: cosine lobe density
  float specular_pdf_scale_ = 0.0f;  // G1(wo) / (4 wo.z): visible-normal density -> wi density
  float wo_masking_ = 0.0f;          // sqrt(wo.z^2 (1 - a^2) + a^2), half of Smith's V
  float roughness_ = 0.0f;
  float fv_ = 0.0f;  // schlick_weight(wo.z), the diffuse lobe's viewer term
  bool has_specular_ = false;
};

inline BsdfValue Bsdf::evaluate(const glm::vec3& wi) const {
  BsdfValue value;
  if (wo_.z <= 0.0f || wi.z <= 0.0f) return value;
  value.pdf = diffuse_pdf_scale_ * wi.z;
  if (!has_specular_) {
    value.f = diffuse_;
    return value;
  }
  float cos_d2 = 0.5f * (1.0f + glm::dot(wo_, wi));
  value.f = diffuse_ * principled_diffuse(schlick_weight(wi.z), fv_, cos_d2, roughness_);
  // With the unnormalised half vector h = wo + wi: n.h^2 = h.z^2 / |h|^2 and wi.h = |h| / 2, so
  // D = a^2 / (pi t^2) with t = (n.h)^2 (a^2 - 1) + 1 = (h.x^2 + h.y^2 + a^2 h.z^2) / |h|^2, a sum
  // of squares that keeps its precision at the peak of a sharp lobe. Smith's height-correlated
  // V = 0.5 / (n.l sqrt(n.v^2 (1-a^2) + a^2) + n.v sqrt(n.l^2 (1-a^2) + a^2)). One division.
  glm::vec3 h = wo_ + wi;
  float lateral = h.x * h.x + h.y * h.y;
  float length2 = lateral + h.z * h.z;
  float spread = lateral + alpha2_ * h.z * h.z;  // t |h|^2 > 0: wo and wi are both above
  float wi_masking = std::sqrt(wi.z * wi.z * (1.0f - alpha2_) + alpha2_);
  float masking = wi.z * wo_masking_ + wo_.z * wi_masking;
  float r = alpha2_ * length2 * length2 / (kPi * spread * spread * masking);  // D / |masking|
  value.f += schlick_fresnel(f0_, 0.5f * std::sqrt(length2)) * (0.5f * r);
  value.pdf += specular_probability_ * specular_pdf_scale_ * masking * r;
  return value;
}

}  // namespace railyard::render::embree
