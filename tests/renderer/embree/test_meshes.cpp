#include "tests/renderer/embree/test_meshes.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <numbers>

namespace railyard::render::testing {

std::shared_ptr<Mesh> make_sphere(float radius, int segments, int rings, float cap_fraction) {
  auto mesh = std::make_shared<Mesh>();
  mesh->name = "sphere";
  constexpr float kPi = std::numbers::pi_v<float>;
  // A cap of area fraction f ends at cos(theta) = 1 - 2f; the first ring starts there.
  float theta_start = std::acos(1.0f - 2.0f * cap_fraction);
  for (int r = 0; r <= rings; ++r) {
    float theta = theta_start + (kPi - theta_start) * static_cast<float>(r) / rings;
    for (int s = 0; s <= segments; ++s) {
      float phi = 2.0f * kPi * static_cast<float>(s) / segments;
      glm::vec3 n(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                  std::cos(theta));
      mesh->positions.push_back(radius * n);
      mesh->normals.push_back(n);
    }
  }
  auto vertex = [&](int r, int s) { return static_cast<std::uint32_t>(r * (segments + 1) + s); };
  for (int r = 0; r < rings; ++r) {
    for (int s = 0; s < segments; ++s) {
      std::uint32_t a = vertex(r, s), b = vertex(r + 1, s), c = vertex(r + 1, s + 1),
                    d = vertex(r, s + 1);
      // Counter-clockwise seen from outside (theta grows downwards, phi eastwards).
      if (r > 0 || theta_start > 0.0f) mesh->indices.insert(mesh->indices.end(), {a, b, d});
      if (r < rings - 1) mesh->indices.insert(mesh->indices.end(), {d, b, c});
    }
  }
  return mesh;
}

std::shared_ptr<Mesh> make_box(const glm::vec3& low, const glm::vec3& high) {
  auto mesh = std::make_shared<Mesh>();
  mesh->name = "box";
  // Each face: its normal axis and sign; four corners counter-clockwise seen from outside.
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = 0; side < 2; ++side) {
      glm::vec3 n(0.0f);
      n[axis] = side == 0 ? -1.0f : 1.0f;
      int u = (axis + 1) % 3, v = (axis + 2) % 3;
      if (side == 0) std::swap(u, v);
      auto base = static_cast<std::uint32_t>(mesh->positions.size());
      for (int corner = 0; corner < 4; ++corner) {
        glm::vec3 p;
        p[axis] = side == 0 ? low[axis] : high[axis];
        p[u] = (corner == 1 || corner == 2) ? high[u] : low[u];
        p[v] = (corner >= 2) ? high[v] : low[v];
        mesh->positions.push_back(p);
        mesh->normals.push_back(n);
      }
      mesh->indices.insert(mesh->indices.end(),
                           {base, base + 1, base + 2, base, base + 2, base + 3});
    }
  }
  return mesh;
}

std::shared_ptr<Mesh> make_ground(float size) {
  auto mesh = std::make_shared<Mesh>();
  mesh->name = "ground";
  float h = 0.5f * size;
  mesh->positions = {{-h, -h, 0.0f}, {h, -h, 0.0f}, {h, h, 0.0f}, {-h, h, 0.0f}};
  mesh->normals.assign(4, glm::vec3(0.0f, 0.0f, 1.0f));
  mesh->indices = {0, 1, 2, 0, 2, 3};
  return mesh;
}

Instance place(std::shared_ptr<const Mesh> mesh, const glm::mat4& object_to_world,
               std::uint32_t part) {
  Instance instance;
  instance.mesh = std::move(mesh);
  instance.object_to_world = object_to_world;
  instance.part = part;
  return instance;
}

Scene uniform_sky_scene(float radiance) {
  Scene scene;
  scene.sky = {glm::vec3(radiance), glm::vec3(radiance), glm::vec3(radiance)};
  scene.sun.irradiance = glm::vec3(0.0f);
  return scene;
}

Scene small_yard(int width, int height) {
  Scene scene;
  Instance ground = place(make_ground(200.0f));
  Material sand = plain({0.76f, 0.62f, 0.42f}, 0.0f, 0.9f);
  sand.pattern = Pattern::Sand;
  sand.pattern_color = {0.55f, 0.42f, 0.27f};
  sand.pattern_scale = 0.4f;
  ground.material = sand;
  scene.instances.push_back(ground);

  auto box = make_box({-0.5f, -0.3f, 0.0f}, {0.5f, 0.3f, 0.6f});
  Instance red = place(box, glm::translate(glm::mat4(1.0f), {-0.7f, 0.0f, 0.05f}), 1);
  red.material = plain({0.7f, 0.08f, 0.05f}, 0.0f, 0.4f);
  Instance blue = place(box,
                        glm::translate(glm::mat4(1.0f), {0.5f, 0.2f, 0.05f}) *
                            glm::rotate(glm::mat4(1.0f), 0.4f, glm::vec3(0, 0, 1)),
                        2);
  blue.material = plain({0.05f, 0.15f, 0.6f}, 0.0f, 0.3f);
  scene.instances.push_back(red);
  scene.instances.push_back(blue);

  auto sphere = make_sphere(0.25f, 48, 24);
  Instance metal = place(sphere, glm::translate(glm::mat4(1.0f), {-0.6f, -0.6f, 0.25f}), 3);
  metal.material = plain({0.95f, 0.75f, 0.3f}, 1.0f, 0.15f);
  Instance glossy = place(sphere, glm::translate(glm::mat4(1.0f), {0.6f, -0.7f, 0.25f}));
  glossy.material = plain({0.2f, 0.6f, 0.2f}, 0.0f, 0.1f);
  scene.instances.push_back(metal);
  scene.instances.push_back(glossy);

  scene.camera.position = {1.5f, -4.0f, 2.0f};
  scene.camera.look_at = {0.0f, 0.0f, 0.3f};
  scene.camera.width = width;
  scene.camera.height = height;
  return scene;
}

Material plain(const glm::vec3& color, float metallic, float roughness) {
  Material material;
  material.base_color = color;
  material.metallic = metallic;
  material.roughness = roughness;
  return material;
}

}  // namespace railyard::render::testing
