// The annotation passes (part ids and metric depth through the pixel centres), the scene's
// instances and materials, and how bad meshes are reported.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>
#include <optional>

#include "renderer/embree/device.h"
#include "renderer/embree/embree_renderer.h"
#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render {
namespace {

RenderOptions few_samples() {
  RenderOptions options;
  options.samples = 4;
  return options;
}

TEST(Passes, PartIdsAndDepthComeFromTheSurfaceThroughThePixelCentre) {
  Scene scene;
  scene.instances.push_back(testing::place(testing::make_ground(40.0f), glm::mat4(1.0f), 1));
  scene.instances.push_back(testing::place(
      testing::make_box({-0.5f, -0.5f, 0.0f}, {0.5f, 0.5f, 1.0f}), glm::mat4(1.0f), 2));
  scene.camera.position = {0.0f, -6.0f, 1.5f};
  scene.camera.look_at = {0.0f, 0.0f, 0.5f};
  scene.camera.width = 80;
  scene.camera.height = 45;
  Frame frame = EmbreeRenderer().render(scene, few_samples());

  int box = 0, ground = 0, sky = 0;
  for (int y = 0; y < scene.camera.height; ++y) {
    for (int x = 0; x < scene.camera.width; ++x) {
      glm::vec3 d = *scene.camera.ray_direction({x + 0.5f, y + 0.5f});
      glm::vec3 o = scene.camera.position;
      std::uint32_t part = frame.part_ids.at(x, y);
      float depth = frame.depth.at(x, y);
      // The box's front face is the plane y = -0.5; the ground z = 0 within 20 m.
      float t_box = (-0.5f - o.y) / d.y;
      glm::vec3 p = o + t_box * d;
      if (t_box > 0.0f && std::abs(p.x) < 0.49f && p.z > 0.01f && p.z < 0.99f) {
        ++box;
        EXPECT_EQ(part, 2u) << x << "," << y;
        EXPECT_NEAR(depth, t_box, 1e-4f * t_box) << x << "," << y;
        continue;
      }
      float t_ground = -o.z / d.z;
      glm::vec3 g = o + t_ground * d;
      bool on_box_outline = std::abs(std::abs(p.x) - 0.5f) < 0.02f || std::abs(p.z - 1.0f) < 0.02f;
      if (on_box_outline) continue;  // pixel centres too close to an edge to call
      if (d.z < 0.0f && std::abs(g.x) < 19.0f && std::abs(g.y) < 19.0f &&
          !(std::abs(g.x) < 0.5f && std::abs(g.y) < 0.5f)) {
        if (part == 2u) continue;  // behind the box
        ++ground;
        EXPECT_EQ(part, 1u) << x << "," << y;
        EXPECT_NEAR(depth, t_ground, 1e-4f * t_ground) << x << "," << y;
      } else if (d.z > 0.0f && !(t_box > 0.0f && std::abs(p.x) < 0.5f && p.z < 1.0f)) {
        ++sky;
        EXPECT_EQ(part, 0u) << x << "," << y;
        EXPECT_EQ(depth, kNoDepth) << x << "," << y;
      }
    }
  }
  EXPECT_GT(box, 100);
  EXPECT_GT(ground, 500);
  EXPECT_GT(sky, 200);
}

// Slab test: the distance along the ray to the box, if it hits.
std::optional<float> ray_box(const glm::vec3& o, const glm::vec3& d, const glm::vec3& low,
                             const glm::vec3& high) {
  glm::vec3 t0 = (low - o) / d, t1 = (high - o) / d;
  glm::vec3 near = glm::min(t0, t1), far = glm::max(t0, t1);
  float enter = std::max(near.x, std::max(near.y, near.z));
  float leave = std::min(far.x, std::min(far.y, far.z));
  if (enter > leave || leave < 0.0f) return std::nullopt;
  return enter;
}

TEST(Passes, FisheyePassesFollowTheLens) {
  glm::vec3 low(-0.5f, 1.0f, 0.0f), high(0.5f, 2.0f, 1.0f);
  Scene scene;
  scene.instances.push_back(testing::place(testing::make_box(low, high), glm::mat4(1.0f), 1));
  scene.camera.lens = Lens::Equidistant;
  scene.camera.fov_deg = 200.0f;
  scene.camera.position = {1.5f, -0.5f, 0.7f};
  scene.camera.look_at = {-0.5f, 1.5f, 0.5f};
  scene.camera.width = 96;
  scene.camera.height = 54;
  Frame frame = EmbreeRenderer().render(scene, few_samples());
  glm::vec3 margin(0.02f);
  int inside = 0;
  for (int y = 0; y < scene.camera.height; ++y) {
    for (int x = 0; x < scene.camera.width; ++x) {
      glm::vec3 d = *scene.camera.ray_direction({x + 0.5f, y + 0.5f});
      const glm::vec3& o = scene.camera.position;
      if (auto t = ray_box(o, d, low + margin, high - margin)) {
        ++inside;
        EXPECT_EQ(frame.part_ids.at(x, y), 1u) << x << "," << y;
        // Within the margin's worth of depth of the true box.
        EXPECT_NEAR(frame.depth.at(x, y), *t, 0.1f) << x << "," << y;
      } else if (!ray_box(o, d, low - margin, high + margin)) {
        EXPECT_EQ(frame.part_ids.at(x, y), 0u) << x << "," << y;
        EXPECT_EQ(frame.depth.at(x, y), kNoDepth) << x << "," << y;
      }
    }
  }
  EXPECT_GT(inside, 100);
}

TEST(Passes, InstanceMaterialReplacesTheMeshMaterial) {
  auto mesh = testing::make_ground(40.0f);
  mesh->material = testing::plain({0.1f, 0.8f, 0.1f});
  Scene scene;
  scene.instances.push_back(testing::place(mesh));
  scene.camera.position = {0.0f, -2.0f, 3.0f};
  scene.camera.width = 8;
  scene.camera.height = 8;
  Frame green = EmbreeRenderer().render(scene, few_samples());
  scene.instances[0].material = testing::plain({0.8f, 0.1f, 0.1f});
  Frame red = EmbreeRenderer().render(scene, few_samples());
  EXPECT_GT(green.color.at(4, 4).g, green.color.at(4, 4).r + 50);
  EXPECT_GT(red.color.at(4, 4).r, red.color.at(4, 4).g + 50);
}

TEST(Passes, MirroredInstancesShadeLikeTheirOriginals) {
  // A box symmetric about x = 0, mirrored in x: the same surfaces, the winding turned around.
  Scene scene = testing::small_yard(48, 27);
  auto box = testing::make_box({-0.4f, -0.4f, 0.0f}, {0.4f, 0.4f, 0.8f});
  scene.instances.resize(1);  // the ground
  scene.instances.push_back(testing::place(box, glm::mat4(1.0f), 1));
  scene.camera.position = {0.0f, -4.0f, 2.0f};
  RenderOptions options = few_samples();
  Frame plain = EmbreeRenderer().render(scene, options);
  scene.instances[1].object_to_world = glm::scale(glm::mat4(1.0f), {-1.0f, 1.0f, 1.0f});
  Frame mirrored = EmbreeRenderer().render(scene, options);
  EXPECT_TRUE(plain.part_ids == mirrored.part_ids);
  int far_off = 0;
  for (std::size_t i = 0; i < plain.color.pixels.size(); ++i) {
    if (std::abs(plain.color.pixels[i].g - mirrored.color.pixels[i].g) > 24) ++far_off;
  }
  EXPECT_LT(far_off, static_cast<int>(plain.color.pixels.size() / 50));
}

TEST(Passes, BadMeshesAreReportedByName) {
  auto mesh = testing::make_ground(1.0f);
  mesh->name = "broken_roof";
  mesh->indices.back() = 99;
  Scene scene;
  scene.instances.push_back(testing::place(mesh));
  EmbreeRenderer renderer;
  try {
    renderer.render(scene, few_samples());
    FAIL() << "expected RendererError";
  } catch (const RendererError& e) {
    EXPECT_NE(std::string(e.what()).find("broken_roof"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("99"), std::string::npos) << e.what();
  }
  mesh->indices.back() = 3;
  mesh->normals.pop_back();
  EXPECT_THROW(renderer.render(scene, few_samples()), RendererError);
}

TEST(Stats, CountTheSamplesAndRaysOfTheLastRender) {
  EmbreeRenderer renderer;
  RenderOptions options;
  options.samples = 3;
  Scene scene = testing::small_yard(20, 10);
  renderer.render(scene, options);
  const EmbreeRenderStats& stats = renderer.last_stats();
  EXPECT_EQ(stats.samples, 20u * 10u * 3u);
  // At least a camera ray per sample and a pass ray per pixel; sunlit ground adds shadow rays.
  EXPECT_GT(stats.rays, stats.samples + 200u);
  EXPECT_GT(stats.shadow_rays, 0u);
  EXPECT_NE(renderer.description().find("Embree 3."), std::string::npos);
}

TEST(Options, BadOptionsAreRejected) {
  EmbreeOptions options;
  options.samples = 0;
  EXPECT_THROW(EmbreeRenderer{options}, RendererError);
  RenderOptions render;
  render.samples = -1;
  EXPECT_THROW(EmbreeRenderer().render(Scene{}, render), RendererError);
}

}  // namespace
}  // namespace railyard::render
