// GGX (Trowbridge-Reitz) microfacet functions shared by the BSDF and its albedo table; the same
// formulas as renderer/opengl/shaders/brdf.glsl, for four lanes at once (lanes.h).
// alpha = roughness^2; cosines are with the normal.
#pragma once

#include "renderer/embree/lanes.h"
#include "renderer/embree/sampling.h"

namespace railyard::render::embree {

// V = G2 / (4 n.l n.v) with the height-correlated Smith G2, as brdf.glsl.
[[gnu::always_inline]] inline Floats smith_visibility(const Floats& n_dot_v, const Floats& n_dot_l,
                                                      float alpha) {
  float a2 = alpha * alpha;
  Floats gv = n_dot_l * stdx::sqrt(n_dot_v * n_dot_v * (1.0f - a2) + a2);
  Floats gl = n_dot_v * stdx::sqrt(n_dot_l * n_dot_l * (1.0f - a2) + a2);
  return 0.5f / max(gv + gl, Floats(1e-12f));
}

// Smith's masking of one direction; the visible-normal density is G1(v) max(0, v.h) D(h) / v.z.
[[gnu::always_inline]] inline Floats smith_g1(const Floats& n_dot_v, float alpha) {
  float a2 = alpha * alpha;
  return 2.0f * n_dot_v / (n_dot_v + stdx::sqrt(a2 + (1.0f - a2) * n_dot_v * n_dot_v));
}

// Schlick's weight (1 - cos)^5, the grazing-angle term of the Fresnel and diffuse formulas.
[[gnu::always_inline]] inline Floats schlick_weight(const Floats& cos_theta) {
  Floats m = 1.0f - clamp(cos_theta, 0.0f, 1.0f);
  Floats m2 = m * m;
  return m2 * m2 * m;
}

[[gnu::always_inline]] inline Vec3s schlick_fresnel(const Vec3s& f0, const Floats& cos_theta) {
  return f0 + (Vec3s(1.0f) - f0) * schlick_weight(cos_theta);
}

// Blender's Principled (v1) diffuse, Burley's, as Cycles evaluates it: the factor on albedo / pi.
// Lambert dimmed at grazing angles and, on rough surfaces, brightened where light and view come
// close (retro-reflection: V-LoL's sand looks brighter far away with the sun behind the camera).
// fl, fv: schlick_weight of n.l and n.v; cos_d2 = (l.h)^2 = (1 + l.v) / 2. Same as brdf.glsl.
[[gnu::always_inline]] inline Floats principled_diffuse(const Floats& fl, const Floats& fv,
                                                        const Floats& cos_d2,
                                                        const Floats& roughness) {
  Floats rr = 2.0f * roughness * cos_d2;
  return (1.0f - 0.5f * fl) * (1.0f - 0.5f * fv) + rr * (fl + fv + fl * fv * (rr - 1.0f));
}

// A microfacet normal from the distribution of normals visible from v (Heitz 2018).
[[gnu::always_inline]] inline Vec3s sample_visible_normal(const Vec3s& v, const Floats& alpha,
                                                          const Vec2s& u) {
  Vec3s vh = normalize(Vec3s(alpha * v.x, alpha * v.y, v.z));
  Floats len2 = vh.x * vh.x + vh.y * vh.y;
  Vec3s t1 = select(len2 > 0.0f, Vec3s(-vh.y, vh.x, Floats(0.0f)) / stdx::sqrt(len2),
                    Vec3s(glm::vec3(1.0f, 0.0f, 0.0f)));
  Vec3s t2 = cross(vh, t1);
  Floats r = stdx::sqrt(u.x);
  Vec2s cs = cos_sin_turn(u.y);
  Floats p1 = r * cs.x;
  Floats p2 = r * cs.y;
  Floats s = 0.5f * (1.0f + vh.z);
  p2 = (1.0f - s) * stdx::sqrt(max(Floats(0.0f), 1.0f - p1 * p1)) + s * p2;
  Vec3s nh = p1 * t1 + p2 * t2 + stdx::sqrt(max(Floats(0.0f), 1.0f - p1 * p1 - p2 * p2)) * vh;
  return normalize(Vec3s(alpha * nh.x, alpha * nh.y, max(Floats(1e-6f), nh.z)));
}

}  // namespace railyard::render::embree
