// Unidirectional path tracing with next-event estimation: at every surface one light (the sun's
// disc, the sky or a lamp; light_selection.h) is sampled directly, and the sun and the sky also
// through the BSDF, the two strategies combined by multiple importance sampling (power
// heuristic); Russian roulette ends dim paths after a few bounces.
// The paths of a pixel's samples advance together, bounce by bounce, so that their shadow rays and
// extension rays go through Embree as packets.
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

// The packets one batch of paths traces through, kept by the caller from batch to batch (a
// pixel's samples), so that they are set up once.
struct PathPackets {
  RayPacket extension;
  // A vertex sends at most one shadow ray (towards the light it picked), so the paths' shadow
  // rays of one bounce go through Embree together, whatever lights they head for.
  RayPacket shadow;
  std::array<glm::vec3, RayPacket::kSize> shadow_light;  // what each shadow ray would bring
};

class Integrator {
 public:
  // The scene and its BVH must outlive the integrator.
  Integrator(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& settings);
  Integrator(const Integrator&) = delete;  // selection_ refers to the lights
  Integrator& operator=(const Integrator&) = delete;

  static constexpr int kPaths = RayPacket::kSize;

  // Radiance arriving at the camera along each active camera ray of the packet that hit a surface
  // (the caller traced the packet), into `radiance`; each path draws its own samples, so its
  // result does not depend on the other paths. Entries of other rays are left alone.
  void radiance(const RayPacket& camera, std::array<PathSamples, kPaths>& samples,
                PathPackets& packets, std::array<glm::vec3, kPaths>& radiance,
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
