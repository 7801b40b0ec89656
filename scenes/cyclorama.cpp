#include "scenes/cyclorama.h"

#include <cmath>
#include <numbers>

namespace railyard {
namespace {

// A point of the profile (y, z) and its unit normal in the same plane.
struct ProfilePoint {
  glm::vec2 at;
  glm::vec2 normal;
};

// The floor from the front to the curve, the quarter circle, then the backdrop to its top.
std::vector<ProfilePoint> profile(const Cyclorama& c) {
  std::vector<ProfilePoint> points{{{-c.front, 0.0f}, {0.0f, 1.0f}}};
  for (int i = 0; i <= c.curve_steps; ++i) {
    float angle = 0.5f * std::numbers::pi_v<float> * static_cast<float>(i) /
                  static_cast<float>(c.curve_steps);
    glm::vec2 normal(-std::sin(angle), std::cos(angle));  // towards the curve's centre
    points.push_back({glm::vec2(c.distance, c.radius) - c.radius * normal, normal});
  }
  points.push_back({{c.distance + c.radius, c.height}, {-1.0f, 0.0f}});
  return points;
}

}  // namespace

std::shared_ptr<const render::Mesh> make_cyclorama_mesh(const Cyclorama& c) {
  auto mesh = std::make_shared<render::Mesh>();
  mesh->name = "cyclorama";
  for (const ProfilePoint& p : profile(c))
    for (float x : {-0.5f * c.width, 0.5f * c.width}) {
      mesh->positions.emplace_back(x, p.at.x, p.at.y);
      mesh->normals.emplace_back(0.0f, p.normal.x, p.normal.y);
    }
  auto rows = static_cast<std::uint32_t>(mesh->positions.size() / 2);
  for (std::uint32_t r = 0; r + 1 < rows; ++r) {
    std::uint32_t a = 2 * r, b = a + 1, c2 = a + 2, d = a + 3;
    // Counter-clockwise seen from above the floor and from in front of the backdrop.
    mesh->indices.insert(mesh->indices.end(), {a, b, d, a, d, c2});
  }
  return mesh;
}

glm::mat4 cyclorama_to_world(const render::Camera& camera, const glm::vec3& centre) {
  glm::vec2 away(camera.look_at.x - camera.position.x, camera.look_at.y - camera.position.y);
  away = glm::length(away) > 1e-6f ? glm::normalize(away) : glm::vec2(0.0f, 1.0f);
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(away.y, -away.x, 0.0f, 0.0f);  // x across: right of the viewing direction
  m[1] = glm::vec4(away.x, away.y, 0.0f, 0.0f);
  m[2] = glm::vec4(0.0f, 0.0f, 1.0f, 0.0f);
  m[3] = glm::vec4(centre.x, centre.y, 0.0f, 1.0f);
  return m;
}

}  // namespace railyard
