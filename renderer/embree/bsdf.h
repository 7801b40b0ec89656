// The surface model the raster backend shades with (renderer/opengl/shaders/brdf.glsl), as a BSDF
// the path tracer can evaluate and sample: metal/roughness with a GGX (Trowbridge-Reitz)
// microfacet lobe, height-correlated Smith visibility and Schlick's Fresnel, plus a Lambert lobe
// for the non-metallic part weighted by what the specular lobe leaves (see the constructor).
// Directions are in the local frame of the shading normal (+Z), on the side light leaves towards.
// A Bsdf is made for one outgoing direction (the path's), so what depends on it alone is
// computed once per path vertex rather than once per light sample.
#pragma once

#include <glm/glm.hpp>

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

class Bsdf {
 public:
  // albedo: the material's colour at the point (pattern applied); wo: local, towards the viewer.
  // dielectric_specular = false makes non-metals pure Lambert, for tests whose analytic answers
  // assume it.
  Bsdf(const glm::vec3& albedo, float metallic, float roughness, const glm::vec3& wo,
       bool dielectric_specular = true);

  const glm::vec3& wo() const { return wo_; }
  BsdfValue evaluate(const glm::vec3& wi) const;
  // Picks a lobe with `u_lobe`, then a direction with `u`; false when nothing was sampled.
  bool sample(float u_lobe, glm::vec2 u, BsdfSample& out) const;

 private:
  glm::vec3 wo_;
  glm::vec3 diffuse_;  // Lambert term: colour / pi, weighted
  glm::vec3 f0_;
  float alpha_ = 1.0f;
  float alpha2_ = 1.0f;
  float specular_probability_ = 0.0f;
  float diffuse_pdf_scale_ = 0.0f;   // (1 - specular probability) / pi: cosine lobe density
  float specular_pdf_scale_ = 0.0f;  // G1(wo) / (4 wo.z): visible-normal density -> wi density
  float wo_masking_ = 0.0f;          // sqrt(wo.z^2 (1 - a^2) + a^2), half of Smith's V
  bool has_specular_ = false;
};

}  // namespace railyard::render::embree
