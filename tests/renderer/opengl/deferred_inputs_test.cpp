// The CPU halves of deferred shading: the material table the lighting pass indexes, and the view
// rays it rebuilds positions from.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "renderer/opengl/material_table.h"
#include "renderer/opengl/view_rays.h"

namespace railyard::render {
namespace {

Material painted(glm::vec3 colour) {
  Material m;
  m.base_color = colour;
  return m;
}

TEST(MaterialTable, SharesOneRecordPerDistinctMaterialAndReservesZero) {
  MaterialTable table;
  std::uint32_t red = table.add(painted({1, 0, 0}));
  std::uint32_t blue = table.add(painted({0, 0, 1}));
  EXPECT_EQ(red, 1u);  // 0 means "no surface" in the geometry pass
  EXPECT_EQ(blue, 2u);
  EXPECT_EQ(table.add(painted({1, 0, 0})), red);
  EXPECT_EQ(table.records().size(), 2u);
  EXPECT_EQ(table.records()[blue - 1].base_color_metallic, glm::vec4(0, 0, 1, 0));
}

TEST(MaterialTable, TellsWhichPatternsTheFrameUses) {
  MaterialTable table;
  table.add(painted({0.5f, 0.5f, 0.5f}));
  EXPECT_FALSE(table.uses(Pattern::Sand));
  Material ground = painted({0.8f, 0.7f, 0.5f});
  ground.pattern = Pattern::Sand;
  table.add(ground);
  EXPECT_TRUE(table.uses(Pattern::Sand));
  EXPECT_FALSE(table.uses(Pattern::Checker));
  table.clear();
  EXPECT_FALSE(table.uses(Pattern::Sand));
  EXPECT_TRUE(table.records().empty());
}

TEST(ViewRays, RebuildTheWorldPointSeenAtAWindowPoint) {
  const int width = 480, height = 270;
  glm::vec3 eye(3.0f, -4.0f, 2.5f);
  glm::mat4 view = glm::lookAt(eye, glm::vec3(0.2f, 0.1f, 0.3f), glm::vec3(0, 0, 1));
  glm::mat4 clip_from_world =
      glm::perspective(glm::radians(40.0f), float(width) / height, 0.1f, 100.0f) * view;
  ViewRays rays = view_rays(clip_from_world, eye, width, height);
  for (glm::vec3 point : {glm::vec3(0.0f), glm::vec3(0.5f, -0.3f, 0.8f), glm::vec3(-1, 1, 0)}) {
    glm::vec4 clip = clip_from_world * glm::vec4(point, 1.0f);
    glm::vec2 window = (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * glm::vec2(width, height);
    float view_depth = -(view * glm::vec4(point, 1.0f)).z;
    glm::vec3 rebuilt = eye + view_depth * (rays.base + window.x * rays.dx + window.y * rays.dy);
    EXPECT_NEAR(glm::distance(rebuilt, point), 0.0f, 1e-4f) << point.x << " " << point.y;
  }
}

}  // namespace
}  // namespace railyard::render
