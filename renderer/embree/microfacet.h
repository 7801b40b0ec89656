// GGX (Trowbridge-Reitz) microfacet functions shared by the BSDF and its albedo table; the same
// formulas as renderer/opengl/shaders/brdf.glsl. alpha = roughness^2; cosines are with the normal.
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>

#include "renderer/embree/sampling.h"

namespace railyard::render::embree {

// V = G2 / (4 n.l n.v) with the height-correlated Smith G2, as brdf.glsl.
inline float smith_visibility(float n_dot_v, float n_dot_l, float alpha) {
  float a2 = alpha * alpha;
  float gv = n_dot_l * std::sqrt(n_dot_v * n_dot_v * (1.0f - a2) + a2);
  float gl = n_dot_v * std::sqrt(n_dot_l * n_dot_l * (1.0f - a2) + a2);
  return 0.5f / std::max(gv + gl, 1e-12f);
}

// Smith's masking of one direction; the visible-normal density is G1(v) max(0, v.h) D(h) / v.z.
inline float smith_g1(float n_dot_v, float alpha) {
  float a2 = alpha * alpha;
  return 2.0f * n_dot_v / (n_dot_v + std::sqrt(a2 + (1.0f - a2) * n_dot_v * n_dot_v));
}

// Schlick's weight (1 - cos)^5, the grazing-angle term of the Fresnel and diffuse formulas.
inline float schlick_weight(float cos_theta) {
  float m = 1.0f - std::clamp(cos_theta, 0.0f, 1.0f);
  float m2 = m * m;
  return m2 * m2 * m;
}

inline glm::vec3 schlick_fresnel(const glm::vec3& f0, float cos_theta) {
  return f0 + (1.0f - f0) * schlick_weight(cos_theta);
}

// Blender's Principled (v1) diffuse, Burley's, as Cycles evaluates it: the factor on albedo / pi.
// Lambert dimmed at grazing angles and, on rough surfaces, brightened where light and view come
// close (retro-reflection: V-LoL's sand looks brighter far away with the sun behind the camera).
// fl, fv: schlick_weight of n.l and n.v; cos_d2 = (l.h)^2 = (1 + l.v) / 2. Same as brdf.glsl.
inline float principled_diffuse(float fl, float fv, float cos_d2, float roughness) {
  float rr = 2.0f * roughness * cos_d2;
  return (1.0f - 0.5f * fl) * (1.0f - 0.5f * fv) + rr * (fl + fv + fl * fv * (rr - 1.0f));
}

// A microfacet normal from the distribution of normals visible from v (Heitz 2018).
inline glm::vec3 sample_visible_normal(const glm::vec3& v, float alpha, glm::vec2 u) {
  glm::vec3 vh = glm::normalize(glm::vec3(alpha * v.x, alpha * v.y, v.z));
  float len2 = vh.x * vh.x + vh.y * vh.y;
  glm::vec3 t1 =
      len2 > 0.0f ? glm::vec3(-vh.y, vh.x, 0.0f) / std::sqrt(len2) : glm::vec3(1.0f, 0.0f, 0.0f);
  glm::vec3 t2 = glm::cross(vh, t1);
  float r = std::sqrt(u.x);
  glm::vec2 cs = cos_sin_turn(u.y);
  float p1 = r * cs.x;
  float p2 = r * cs.y;
  float s = 0.5f * (1.0f + vh.z);
  p2 = (1.0f - s) * std::sqrt(std::max(0.0f, 1.0f - p1 * p1)) + s * p2;
  glm::vec3 nh = p1 * t1 + p2 * t2 + std::sqrt(std::max(0.0f, 1.0f - p1 * p1 - p2 * p2)) * vh;
  return glm::normalize(glm::vec3(alpha * nh.x, alpha * nh.y, std::max(1e-6f, nh.z)));
}

}  // namespace railyard::render::embree
