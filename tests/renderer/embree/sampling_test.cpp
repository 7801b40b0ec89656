// The warps' fast sine and cosine, the one-division MIS weight, and ray packets, which must give
// what the plain single-ray and libm versions give.
#include "renderer/embree/sampling.h"

#include <gtest/gtest.h>

#include <cmath>

#include "renderer/embree/device.h"
#include "renderer/embree/sampler.h"
#include "renderer/embree/scene_bvh.h"
#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render::embree {
namespace {

// The warps in lane 0, with the same input in every lane.
glm::vec3 cosine_hemisphere(glm::vec2 u) {
  return sample_cosine_hemisphere(Vec2s{u.x, u.y}).lane(0);
}

TEST(Sampling, TurnCosineAndSineMatchLibm) {
  for (int k = 0; k <= 4096; k += kLanes) {
    Floats u([k](int lane) { return static_cast<float>(k + lane) / 4096.0f; });
    Vec2s cs = cos_sin_turn(u);
    for (int lane = 0; lane < kLanes && k + lane <= 4096; ++lane) {
      double angle = 2.0 * 3.14159265358979323846 * static_cast<float>(u[lane]);
      EXPECT_NEAR(cs.x[lane], std::cos(angle), 1e-6) << "u " << u[lane];
      EXPECT_NEAR(cs.y[lane], std::sin(angle), 1e-6) << "u " << u[lane];
    }
  }
}

TEST(Sampling, CosineHemisphereSamplesAreUnitAndCosineDistributed) {
  SampleStream stream(7, 0, 0, 0);
  constexpr int kCount = 200000;
  double mean_z = 0.0;
  for (int i = 0; i < kCount; ++i) {
    glm::vec3 w = cosine_hemisphere(stream.next_2d());
    ASSERT_NEAR(glm::length(w), 1.0f, 1e-5f);
    ASSERT_GE(w.z, 0.0f);
    mean_z += w.z;
  }
  EXPECT_NEAR(mean_z / kCount, 2.0 / 3.0, 0.003);  // E[cos] under the density cos / pi
}

TEST(Sampling, PowerHeuristicOverPdfIsTheWeightOverThePdf) {
  for (float pdf : {1e-3f, 0.3f, 1.0f, 250.0f, 8e4f}) {
    for (float other : {0.0f, 1e-3f, 0.3f, 1.0f, 250.0f, 8e4f}) {
      float expected = power_heuristic(pdf, other)[0] / pdf;
      EXPECT_NEAR(power_heuristic_over_pdf(pdf, other)[0], expected, 1e-5f * expected)
          << pdf << " " << other;
    }
  }
  EXPECT_EQ(power_heuristic_over_pdf(0.0f, 1.0f)[0], 0.0f);
  EXPECT_TRUE(std::isfinite(power_heuristic_over_pdf(1e30f, 1e30f)[0]));
}

// Packets of incoherent rays from one place: the same answers as one ray at a time.
TEST(RayPackets, AgreeWithSingleRays) {
  Scene scene = testing::small_yard(16, 9);
  Device device;
  SceneBvh bvh(device, scene);
  SampleStream stream(3, 0, 0, 0);
  int blocked = 0, hits = 0;
  for (int round = 0; round < 200; ++round) {
    RayPacket shadow, closest;
    shadow.clear();
    closest.clear();
    int active = 1 + round % RayPacket::kSize;  // down to one ray, which skips the packet
    for (int i = 0; i < active; ++i) {
      glm::vec2 u = stream.next_2d();
      glm::vec3 origin(4.0f * u.x - 2.0f, 4.0f * u.y - 2.0f, 0.05f);
      glm::vec3 direction =
          glm::normalize(cosine_hemisphere(stream.next_2d()) + glm::vec3(0.0f, 0.0f, -0.3f));
      shadow.add(i, origin, direction, 0.0f, 1e30f);
      closest.add(i, origin, direction, 0.0f, 1e30f);
    }
    bvh.occluded(shadow);
    bvh.intersect(closest, false);
    for (int i = 0; i < RayPacket::kSize; ++i) {
      if (i >= active) {
        EXPECT_FALSE(shadow.blocked(i));
        EXPECT_FALSE(closest.found(i));
        continue;
      }
      glm::vec3 o = shadow.origin(i), d = shadow.direction(i);
      EXPECT_EQ(shadow.blocked(i), bvh.occluded(o, d, 1e30f));
      Hit hit;
      bool found = bvh.intersect(o, d, 0.0f, 1e30f, hit);
      ASSERT_EQ(closest.found(i), found);
      if (!found) continue;
      EXPECT_EQ(closest.hit(i).instance, hit.instance);
      EXPECT_EQ(closest.hit(i).triangle, hit.triangle);
      EXPECT_NEAR(closest.hit(i).distance, hit.distance, 1e-4f * hit.distance);
      blocked += shadow.blocked(i);
      hits += found;
    }
  }
  EXPECT_GT(blocked, 50);  // the rays do meet the yard's boxes, spheres and ground
  EXPECT_GT(hits, 50);
}

}  // namespace
}  // namespace railyard::render::embree
