#include "test_scenes.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <numbers>

namespace railyard::render::testing {

std::shared_ptr<Mesh> make_box(const glm::vec3& size, const Material& material) {
  auto mesh = std::make_shared<Mesh>();
  mesh->name = "box";
  mesh->material = material;
  glm::vec3 h = 0.5f * size;
  for (int axis = 0; axis < 3; ++axis) {
    for (float sign : {1.0f, -1.0f}) {
      glm::vec3 n(0.0f);
      n[axis] = sign;
      glm::vec3 u(0.0f), v(0.0f);
      u[(axis + 1) % 3] = 1.0f;
      v[(axis + 2) % 3] = 1.0f;
      if (sign < 0.0f) std::swap(u, v);  // keep counter-clockwise seen from outside
      auto base = static_cast<std::uint32_t>(mesh->positions.size());
      for (glm::vec2 c : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
        mesh->positions.push_back(h * (n + c.x * u + c.y * v));
        mesh->normals.push_back(n);
      }
      mesh->indices.insert(mesh->indices.end(),
                           {base, base + 1, base + 2, base, base + 2, base + 3});
    }
  }
  return mesh;
}

std::shared_ptr<Mesh> make_sphere(float radius, int rings, const Material& material) {
  auto mesh = std::make_shared<Mesh>();
  mesh->name = "sphere";
  mesh->material = material;
  int segments = 2 * rings;
  for (int i = 0; i <= rings; ++i) {
    float theta = std::numbers::pi_v<float> * static_cast<float>(i) / rings;
    for (int j = 0; j <= segments; ++j) {
      float phi = 2.0f * std::numbers::pi_v<float> * static_cast<float>(j) / segments;
      glm::vec3 n(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                  std::cos(theta));
      mesh->positions.push_back(radius * n);
      mesh->normals.push_back(n);
    }
  }
  auto at = [&](int i, int j) { return static_cast<std::uint32_t>(i * (segments + 1) + j); };
  for (int i = 0; i < rings; ++i) {
    for (int j = 0; j < segments; ++j) {
      // Outward-facing, counter-clockwise: theta grows downwards, phi eastwards.
      mesh->indices.insert(mesh->indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      mesh->indices.insert(mesh->indices.end(), {at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  }
  return mesh;
}

std::shared_ptr<Mesh> make_ground(float half_size, const Material& material) {
  auto mesh = std::make_shared<Mesh>();
  mesh->name = "ground";
  mesh->material = material;
  float h = half_size;
  mesh->positions = {{-h, -h, 0}, {h, -h, 0}, {h, h, 0}, {-h, h, 0}};
  mesh->normals.assign(4, glm::vec3(0, 0, 1));
  mesh->indices = {0, 1, 2, 0, 2, 3};
  return mesh;
}

glm::mat4 translation(const glm::vec3& offset) {
  return glm::translate(glm::mat4(1.0f), offset);
}

Scene empty_scene() {
  Scene scene;
  scene.camera.position = {-6.0f, -9.0f, 5.0f};
  scene.camera.look_at = {0.0f, 0.0f, 0.5f};
  scene.camera.fov_deg = 45.0f;
  return scene;
}

Scene benchmark_scene(int triangles) {
  Scene scene = empty_scene();
  scene.camera.position = {-7.0f, -11.0f, 5.0f};
  Material sand;
  sand.base_color = {0.76f, 0.62f, 0.42f};
  sand.pattern = Pattern::Sand;
  sand.pattern_color = {0.62f, 0.48f, 0.30f};
  sand.pattern_scale = 0.8f;
  sand.roughness = 0.9f;
  scene.instances.push_back({make_ground(60.0f, sand), glm::mat4(1.0f), 0, std::nullopt});

  const glm::vec3 paints[] = {{0.8f, 0.7f, 0.1f},
                              {0.1f, 0.5f, 0.15f},
                              {0.5f, 0.5f, 0.5f},
                              {0.7f, 0.08f, 0.05f},
                              {0.08f, 0.2f, 0.7f}};
  // Each car: a body box, four wheel spheres and three load spheres; spheres carry the bulk.
  constexpr int kCars = 6;
  constexpr int kSpheresPerCar = 7;
  int rings = std::max(
      4, static_cast<int>(std::sqrt(std::max(1, triangles / (kCars * kSpheresPerCar)) / 4.0f)));
  Material metal;
  metal.base_color = {0.85f, 0.75f, 0.4f};
  metal.metallic = 1.0f;
  metal.roughness = 0.3f;
  Material dark;
  dark.base_color = {0.05f, 0.05f, 0.05f};
  auto body = make_box({1.6f, 0.9f, 0.6f});
  auto wheel = make_sphere(0.2f, rings, dark);
  auto load = make_sphere(0.22f, rings, metal);
  for (int car = 0; car < kCars; ++car) {
    float x = -4.5f + 1.8f * car;
    Material paint;
    paint.base_color = paints[car % 5];
    paint.roughness = 0.4f;
    auto part = static_cast<std::uint32_t>(car + 1);
    scene.instances.push_back({body, translation({x, 0.0f, 0.55f}), part, paint});
    for (float wx : {-0.5f, 0.5f}) {
      for (float wy : {-0.35f, 0.35f}) {
        scene.instances.push_back({wheel, translation({x + wx, wy, 0.2f}), part, std::nullopt});
      }
    }
    for (int k = 0; k < 3; ++k) {
      scene.instances.push_back(
          {load, translation({x - 0.5f + 0.5f * k, 0.0f, 1.07f}), part, std::nullopt});
    }
  }
  return scene;
}

}  // namespace railyard::render::testing
