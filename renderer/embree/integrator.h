// Unidirectional path tracing with next-event estimation: at every surface one light (the sun's
// disc, the sky or a lamp; light_selection.h) is sampled directly, and the sun and the sky also
// through the BSDF, the two strategies combined by multiple importance sampling (power
// heuristic); Russian roulette ends dim paths after a few bounces.
// The paths of a pixel's samples advance together, bounce by bounce: the vertices of the paths
// still going are shaded four at a time in SIMD lanes (lanes.h), and their shadow rays and
// extension rays go through Embree as full packets.
#pragma once

#include <array>
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "renderer/embree/bsdf.h"
#include "renderer/embree/light_selection.h"
#include "renderer/embree/lights.h"
#include "renderer/embree/path_samples.h"
#include "renderer/embree/scene_bvh.h"
#include "renderer/scene.h"

namespace railyard::render::embree {

struct IntegratorSettings {
  int max_bounces = 20;             // surface interactions after the first; 0 = direct light only
  int russian_roulette_depth = 3;   // bounces before Russian roulette may end a path
  bool dielectric_specular = true;  // false: non-metals are pure Lambert (see Bsdf)
  // Sample the sky directly at every vertex (one more shadow ray); off: BSDF sampling alone
  // finds it.
  bool sky_next_event = true;
  // EmbreeOptions::indirect_clamp: light a path brings from its second vertex on is scaled down
  // to at most this in its brightest channel, so that rare bright paths (a sun caustic off a
  // metal part) do not stay as white specks at any sample count. 0: no clamp (unbiased).
  float indirect_clamp = 10.0f;
  // RenderOptions::local_lighting: shadow rays are not traced (the sun and the sky always reach
  // the vertex) and paths end at their first surface.
  bool local_lighting = false;
};

// Rays traced, for throughput figures: closest-hit queries and shadow (any-hit) queries.
struct RayCounts {
  std::uint64_t closest = 0;
  std::uint64_t shadow = 0;
  RayCounts& operator+=(const RayCounts& o) {
    closest += o.closest;
    shadow += o.shadow;
    return *this;
  }
};

// One ray per path of a batch, in packets: ray i goes in lane i % RayPacket::kSize of packet
// i / RayPacket::kSize.
class BatchPackets {
 public:
  static constexpr int kCapacity = 64;  // paths in a batch
  static constexpr int kPackets = kCapacity / RayPacket::kSize;

  // How many packets the first `rays` rays fill.
  static int packets_for(int rays) { return (rays + RayPacket::kSize - 1) / RayPacket::kSize; }
  static int lane_of(int ray) { return ray % RayPacket::kSize; }
  RayPacket& packet_of(int ray) { return packets_[ray / RayPacket::kSize]; }
  const RayPacket& packet_of(int ray) const { return packets_[ray / RayPacket::kSize]; }
  RayPacket& packet(int k) { return packets_[k]; }

 private:
  std::array<RayPacket, kPackets> packets_;
};

// The rays a batch of paths traces in one bounce, packed into packets in the order they were
// queued, whatever paths they come from: packets stay full as paths end. Kept by the caller from
// batch to batch (a pixel's samples), so that they are set up once.
class RayQueue {
 public:
  static constexpr int kCapacity = BatchPackets::kCapacity;  // one ray per path

  void clear() {
    for (int k = 0; k < packets(); ++k) packets_.packet(k).clear();
    count_ = 0;
  }
  // Queues a ray for path `path`; its slot is its place in the queue.
  int add(int path, const glm::vec3& origin, const glm::vec3& direction, float t_far) {
    int slot = count_++;
    packets_.packet_of(slot).add(BatchPackets::lane_of(slot), origin, direction, 0.0f, t_far);
    path_[slot] = path;
    return slot;
  }
  int count() const { return count_; }
  int packets() const { return BatchPackets::packets_for(count_); }
  RayPacket& packet(int k) { return packets_.packet(k); }
  const RayPacket& packet_of(int slot) const { return packets_.packet_of(slot); }
  static int lane_of(int slot) { return BatchPackets::lane_of(slot); }
  int path(int slot) const { return path_[slot]; }

 private:
  BatchPackets packets_;
  std::array<int, kCapacity> path_;
  int count_ = 0;
};

struct PathPackets {
  RayQueue extension;
  // A vertex sends at most one shadow ray (towards the light it picked), so the paths' shadow
  // rays of one bounce go through Embree together, whatever lights they head for.
  RayQueue shadow;
  std::array<glm::vec3, RayQueue::kCapacity> shadow_light;  // what each shadow ray would bring
};

class Integrator {
 public:
  // The scene and its BVH must outlive the integrator.
  Integrator(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& settings);
  Integrator(const Integrator&) = delete;  // selection_ refers to the lights
  Integrator& operator=(const Integrator&) = delete;

  // Paths advanced together: their vertices are shaded four at a time among those still going
  // (most end at their first or second bounce), their rays traced in full packets.
  static constexpr int kBatch = BatchPackets::kCapacity;

  // Radiance arriving at the camera along each active camera ray that hit a surface, path i
  // being camera ray i of `cameras` for i < count (the caller traced the packets), into
  // `radiance`; each path draws its own samples, so its result does not depend on the other
  // paths. Entries of other rays are left alone.
  void radiance(const BatchPackets& cameras, int count, std::array<PathSamples, kBatch>& samples,
                PathPackets& packets, std::array<glm::vec3, kBatch>& radiance,
                RayCounts& rays) const;
  // What a camera ray that hits nothing sees: the sky. The sun's disc is not seen directly, as in
  // the raster backend; it shows in lighting and in reflections.
  glm::vec3 sky(const glm::vec3& direction) const { return sky_.radiance(direction); }

 private:
  const SceneBvh& bvh_;
  std::vector<BsdfMaterial> materials_;  // of each instance, indexed like Scene::instances
  SunLight sun_;
  SkyLight sky_;
  PointLights lamps_;
  LightSelection selection_;
  IntegratorSettings settings_;
};

}  // namespace railyard::render::embree
