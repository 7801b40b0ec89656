// The integrator shades a batch's paths four at a time among those still going and packs their
// rays into full packets: what a path brings must not depend on which other paths share its
// batch, its group of lanes or its packets.
#include "renderer/embree/integrator.h"

#include <gtest/gtest.h>

#include <vector>

#include "renderer/embree/camera_rays.h"
#include "renderer/embree/device.h"
#include "renderer/embree/padded_sobol.h"
#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render::embree {
namespace {

constexpr int kBatch = Integrator::kBatch;

// A batch of camera rays through the frame, those of `used` traced, and each path's radiance.
class IntegratorBatch : public ::testing::Test {
 protected:
  IntegratorBatch()
      : scene_(testing::small_yard(32, 18)),
        bvh_(device_, scene_),
        integrator_(bvh_, scene_, IntegratorSettings{}),
        rays_(scene_.camera) {}

  std::vector<glm::vec3> radiance(const std::vector<bool>& used) {
    BatchPackets cameras;
    std::array<PathSamples, kBatch> samples;
    PaddedSobol points(3, 1, 77, PathSamples::kDimensions);
    for (int k = 0; k < BatchPackets::kPackets; ++k) cameras.packet(k).clear();
    for (int i = 0; i < kBatch; ++i) {
      samples[i] = PathSamples(points, 99, 77, static_cast<std::uint32_t>(i));
      if (!used[i]) continue;
      // Spread over the frame, so that the paths meet the ground, boxes, spheres and the sky.
      glm::vec2 pixel(0.5f + static_cast<float>(i % 8) * 4.0f,
                      0.5f + static_cast<float>(i / 8) * 2.2f);
      glm::vec3 direction;
      EXPECT_TRUE(rays_.direction(pixel, direction));
      cameras.packet_of(i).add(BatchPackets::lane_of(i), rays_.origin(), direction, 0.0f, 1e30f);
    }
    for (int k = 0; k < BatchPackets::kPackets; ++k) bvh_.intersect(cameras.packet(k), true);
    PathPackets packets;
    std::array<glm::vec3, kBatch> result;
    result.fill(glm::vec3(-1.0f));
    RayCounts counts;
    integrator_.radiance(cameras, kBatch, samples, packets, result, counts);
    rays_traced_ = counts.closest + counts.shadow;
    return {result.begin(), result.end()};
  }

  Scene scene_;
  Device device_;
  SceneBvh bvh_;
  Integrator integrator_;
  CameraRays rays_;
  std::uint64_t rays_traced_ = 0;
};

TEST_F(IntegratorBatch, APathsRadianceDoesNotDependOnTheOtherPaths) {
  std::vector<glm::vec3> all = radiance(std::vector<bool>(kBatch, true));
  ASSERT_GT(rays_traced_, static_cast<std::uint64_t>(kBatch));  // the paths do bounce
  int lit = 0;
  for (const glm::vec3& c : all) lit += c.r > 0.0f;
  EXPECT_GT(lit, kBatch / 2);
  // Every third path, then each path alone: other neighbours, other lanes, other packet slots.
  std::vector<bool> thirds(kBatch);
  for (int i = 0; i < kBatch; ++i) thirds[i] = i % 3 == 1;
  std::vector<glm::vec3> some = radiance(thirds);
  for (int i = 0; i < kBatch; ++i) {
    if (thirds[i]) {
      EXPECT_EQ(some[i], all[i]) << "path " << i;
    } else {
      EXPECT_EQ(some[i], glm::vec3(-1.0f)) << "path " << i << " was not traced";
    }
  }
  for (int i : {0, 5, 37, kBatch - 1}) {
    std::vector<bool> alone(kBatch, false);
    alone[i] = true;
    EXPECT_EQ(radiance(alone)[i], all[i]) << "path " << i;
  }
}

TEST(RayQueue, PacksRaysInOrderIntoFullPackets) {
  RayQueue queue;
  queue.clear();
  constexpr int kRays = 2 * RayPacket::kSize + 3;
  for (int i = 0; i < kRays; ++i) {
    int slot = queue.add(100 + i, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.0f), 1.0f + i);
    EXPECT_EQ(slot, i);
  }
  EXPECT_EQ(queue.count(), kRays);
  EXPECT_EQ(queue.packets(), 3);
  for (int slot = 0; slot < kRays; ++slot) {
    EXPECT_EQ(queue.path(slot), 100 + slot);
    EXPECT_EQ(queue.packet_of(slot).t_far(RayQueue::lane_of(slot)), 1.0f + slot);
  }
  EXPECT_EQ(queue.packet(0).active_count(), RayPacket::kSize);
  EXPECT_EQ(queue.packet(2).active_count(), 3);
  queue.clear();
  EXPECT_EQ(queue.count(), 0);
  EXPECT_EQ(queue.packets(), 0);
  EXPECT_EQ(queue.packet(1).active_count(), 0);  // the packets used before are empty again
}

}  // namespace
}  // namespace railyard::render::embree
