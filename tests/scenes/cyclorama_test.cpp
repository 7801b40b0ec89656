// The cyclorama: a floor at ground level that curves without a crease into an upright backdrop,
// facing the camera, behind the train as the camera sees it.
#include "scenes/cyclorama.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

namespace railyard {
namespace {

TEST(Cyclorama, FloorCurvesIntoAnUprightBackdropFacingTheCamera) {
  Cyclorama c;
  auto mesh = make_cyclorama_mesh(c);
  ASSERT_EQ(mesh->positions.size(), mesh->normals.size());
  ASSERT_EQ(mesh->indices.size() % 3, 0u);
  float top = 0.0f, back = -1e9f;
  for (std::size_t i = 0; i < mesh->positions.size(); ++i) {
    const glm::vec3& p = mesh->positions[i];
    const glm::vec3& n = mesh->normals[i];
    EXPECT_NEAR(glm::length(n), 1.0f, 1e-5f);
    EXPECT_LE(n.y, 1e-6f);  // towards the camera's side (-y) or up, never away
    EXPECT_GE(n.z, -1e-6f);
    if (p.y <= c.distance) {
      EXPECT_NEAR(p.z, 0.0f, 1e-5f) << p.y;  // the flat floor
    }
    top = std::max(top, p.z);
    back = std::max(back, p.y);
  }
  EXPECT_FLOAT_EQ(top, c.height);
  EXPECT_FLOAT_EQ(back, c.distance + c.radius);
  // Every triangle's winding agrees with its vertices' normals (front faces seen from the camera).
  for (std::size_t t = 0; t < mesh->indices.size(); t += 3) {
    glm::vec3 a = mesh->positions[mesh->indices[t]], b = mesh->positions[mesh->indices[t + 1]],
              d = mesh->positions[mesh->indices[t + 2]];
    glm::vec3 face = glm::cross(b - a, d - a);
    EXPECT_GT(glm::dot(face, mesh->normals[mesh->indices[t]]), 0.0f) << t;
  }
}

TEST(Cyclorama, StandsBehindTheCentreAsTheCameraSeesIt) {
  render::Camera camera;
  camera.position = {0, 11, 4};
  camera.look_at = {0, 0, 0};
  glm::vec3 centre(0, -0.1f, 0);
  glm::mat4 to_world = cyclorama_to_world(camera, centre);
  EXPECT_NEAR(glm::determinant(glm::mat3(to_world)), 1.0f, 1e-5f);  // a rotation: no mirror
  glm::vec3 backdrop = glm::vec3(to_world * glm::vec4(0, 14, 5, 1));
  EXPECT_NEAR(backdrop.y, -14.1f, 1e-4f);  // beyond the centre, away from the camera
  EXPECT_NEAR(backdrop.z, 5.0f, 1e-5f);
  glm::vec3 facing = glm::mat3(to_world) * glm::vec3(0, -1, 0);
  EXPECT_GT(glm::dot(facing, glm::normalize(camera.position - centre)), 0.9f);
}

}  // namespace
}  // namespace railyard
