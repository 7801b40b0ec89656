#include "tools/assetgen/primitives.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <vector>

#include "tools/assetgen/detail.h"
#include "tools/assetgen/polygon.h"

namespace railyard::assetgen {
namespace {

constexpr float kPi = 3.14159265358979f;

// Coordinates across one face of a rounded box: flat middle, then the rounding sampled so that
// the normal direction steps evenly (tangent spacing).
std::vector<float> rounded_coords(float half, float inner, float radius, int segments) {
  std::vector<float> c;
  for (int k = segments; k >= 1; --k)
    c.push_back(-(inner + radius * std::tan(kPi / 4.0f * k / segments)));
  c.push_back(-inner);
  if (inner > 0.0f) c.push_back(inner);
  for (int k = 1; k <= segments; ++k)
    c.push_back(inner + radius * std::tan(kPi / 4.0f * k / segments));
  c.front() = -half;
  c.back() = half;
  return c;
}

}  // namespace

Shape box(const glm::vec3& min, const glm::vec3& max) {
  return rounded_box(min, max, 0.0f, 1);
}

Shape rounded_box(const glm::vec3& min, const glm::vec3& max, float radius, int segments) {
  Bevel b = bevel(radius, segments);
  radius = b.radius;
  segments = b.segments;
  glm::vec3 centre = 0.5f * (min + max);
  glm::vec3 half = 0.5f * (max - min);
  radius = std::clamp(radius, 0.0f, std::min({half.x, half.y, half.z}));
  if (radius == 0.0f) segments = 0;
  glm::vec3 inner = half - glm::vec3(radius);
  std::vector<float> coords[3];
  for (int a = 0; a < 3; ++a) coords[a] = rounded_coords(half[a], inner[a], radius, segments);

  Shape s;
  for (int a = 0; a < 3; ++a) {
    int u = (a + 1) % 3, v = (a + 2) % 3;
    for (float sign : {1.0f, -1.0f}) {
      const auto& cu = coords[u];
      const auto& cv = coords[v];
      auto base = static_cast<std::uint32_t>(s.positions.size());
      for (float y : cv) {
        for (float x : cu) {
          glm::vec3 g;
          g[a] = sign * half[a];
          g[u] = x;
          g[v] = y;
          glm::vec3 core = glm::clamp(g, -inner, inner);
          glm::vec3 d = g - core;
          glm::vec3 p = radius > 0.0f ? core + radius * glm::normalize(d) : g;
          s.add_vertex(centre + p);
        }
      }
      auto nu = static_cast<std::uint32_t>(cu.size());
      for (std::uint32_t j = 0; j + 1 < cv.size(); ++j) {
        for (std::uint32_t i = 0; i + 1 < nu; ++i) {
          std::uint32_t p00 = base + j * nu + i, p10 = p00 + 1, p01 = p00 + nu, p11 = p01 + 1;
          if (sign > 0)
            s.add_quad(p00, p10, p11, p01);
          else
            s.add_quad(p00, p01, p11, p10);
        }
      }
    }
  }
  return s.weld();
}

Shape lathe(std::span<const glm::vec2> profile, int segments, float phase_rad, float stretch) {
  float radius = 0.0f;
  for (const glm::vec2& p : profile) radius = std::max(radius, stretch * p.x);
  return faceted_lathe(profile, round_segments(segments, radius), phase_rad);
}

Shape faceted_lathe(std::span<const glm::vec2> profile, int segments, float phase_rad) {
  Shape s;
  std::vector<std::uint32_t> ring_start;
  std::vector<bool> pole;
  for (const glm::vec2& p : profile) {
    ring_start.push_back(static_cast<std::uint32_t>(s.positions.size()));
    pole.push_back(p.x <= 0.0f);
    if (p.x <= 0.0f) {
      s.add_vertex({0.0f, 0.0f, p.y});
      continue;
    }
    for (int j = 0; j < segments; ++j) {
      float t = phase_rad + 2.0f * kPi * static_cast<float>(j) / static_cast<float>(segments);
      s.add_vertex({p.x * std::cos(t), p.x * std::sin(t), p.y});
    }
  }
  auto at = [&](std::size_t i, int j) {
    return pole[i] ? ring_start[i] : ring_start[i] + static_cast<std::uint32_t>(j % segments);
  };
  for (std::size_t i = 0; i + 1 < profile.size(); ++i) {
    for (int j = 0; j < segments; ++j) {
      std::uint32_t a = at(i, j), b = at(i, j + 1), c = at(i + 1, j + 1), d = at(i + 1, j);
      s.add_quad(a, b, c, d);
    }
  }
  return s;
}

Shape cylinder(float radius, float z0, float z1, int segments) {
  return frustum(radius, radius, z0, z1, segments);
}

Shape frustum(float r0, float r1, float z0, float z1, int segments) {
  std::vector<glm::vec2> p;
  if (r0 > 0.0f) p.push_back({0.0f, z0});
  p.push_back({r0, z0});
  p.push_back({r1, z1});
  if (r1 > 0.0f) p.push_back({0.0f, z1});
  return lathe(p, segments);
}

Shape tube(float outer, float inner, float z0, float z1, int segments) {
  std::vector<glm::vec2> p = {{inner, z0}, {outer, z0}, {outer, z1}, {inner, z1}, {inner, z0}};
  return lathe(p, segments).weld();
}

Shape prism(int sides, float radius, float z0, float z1) {
  std::vector<glm::vec2> p = {{0.0f, z0}, {radius, z0}, {radius, z1}, {0.0f, z1}};
  return faceted_lathe(p, sides);
}

Shape sphere(float radius, int segments, int rings) {
  rings = round_segments(2 * rings, radius) / 2;  // a ring per segment of the meridian circle
  std::vector<glm::vec2> p;
  for (int i = 0; i <= rings; ++i) {
    float t = -0.5f * kPi + kPi * static_cast<float>(i) / static_cast<float>(rings);
    p.push_back({i == 0 || i == rings ? 0.0f : radius * std::cos(t), radius * std::sin(t)});
  }
  return lathe(p, segments);
}

Shape torus(float major, float minor, int major_segments, int minor_segments) {
  minor_segments = round_segments(minor_segments, minor);
  std::vector<glm::vec2> p;
  // Walk the tube's cross-section counter-clockwise and close it by repeating the first point;
  // the repeated ring is welded away.
  for (int i = 0; i <= minor_segments; ++i) {
    float t = -kPi + 2.0f * kPi * static_cast<float>(i % minor_segments) / minor_segments;
    p.push_back({major + minor * std::cos(t), minor * std::sin(t)});
  }
  return lathe(p, major_segments).weld();
}

Shape extrude(std::span<const glm::vec2> outline, float z0, float z1) {
  Shape s;
  auto n = static_cast<std::uint32_t>(outline.size());
  for (const glm::vec2& q : outline) s.add_vertex({q.x, q.y, z0});
  for (const glm::vec2& q : outline) s.add_vertex({q.x, q.y, z1});
  for (std::uint32_t i = 0; i < n; ++i) {
    std::uint32_t j = (i + 1) % n;
    s.add_quad(i, j, n + j, n + i);
  }
  for (const auto& t : triangulate(outline)) {
    s.add_triangle(t[0], t[2], t[1]);              // bottom faces down
    s.add_triangle(n + t[0], n + t[1], n + t[2]);  // top faces up
  }
  return s;
}

glm::mat4 frame_along(const glm::vec3& origin, const glm::vec3& axis) {
  glm::vec3 z = glm::normalize(axis);
  glm::vec3 helper = std::abs(z.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
  glm::vec3 x = glm::normalize(glm::cross(helper, z));
  glm::vec3 y = glm::cross(z, x);
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(x, 0.0f);
  m[1] = glm::vec4(y, 0.0f);
  m[2] = glm::vec4(z, 0.0f);
  m[3] = glm::vec4(origin, 1.0f);
  return m;
}

Shape rod(const glm::vec3& a, const glm::vec3& b, float radius, int segments) {
  return transformed(cylinder(radius, 0.0f, glm::length(b - a), segments), frame_along(a, b - a));
}

Shape beam(const glm::vec3& a, const glm::vec3& b, float width, float height, const glm::vec3& up) {
  glm::vec3 z = glm::normalize(b - a);
  glm::vec3 x = glm::normalize(glm::cross(up, z));  // across
  glm::vec3 y = glm::cross(z, x);                   // along `up`, made perpendicular
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(x, 0.0f);
  m[1] = glm::vec4(y, 0.0f);
  m[2] = glm::vec4(z, 0.0f);
  m[3] = glm::vec4(a, 1.0f);
  float len = glm::length(b - a);
  return transformed(box({-0.5f * width, -0.5f * height, 0.0f}, {0.5f * width, 0.5f * height, len}),
                     m);
}

glm::mat4 yz_section_along_x() {
  glm::mat4 m(0.0f);
  m[0] = {0, 1, 0, 0};
  m[1] = {0, 0, 1, 0};
  m[2] = {1, 0, 0, 0};
  m[3] = {0, 0, 0, 1};
  return m;
}

glm::mat4 translate(const glm::vec3& t) {
  return glm::translate(glm::mat4(1.0f), t);
}
glm::mat4 rotate_x(float deg) {
  return glm::rotate(glm::mat4(1.0f), glm::radians(deg), glm::vec3(1, 0, 0));
}
glm::mat4 rotate_y(float deg) {
  return glm::rotate(glm::mat4(1.0f), glm::radians(deg), glm::vec3(0, 1, 0));
}
glm::mat4 scale(const glm::vec3& s) {
  return glm::scale(glm::mat4(1.0f), s);
}

}  // namespace railyard::assetgen
