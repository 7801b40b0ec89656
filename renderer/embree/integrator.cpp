#include "renderer/embree/integrator.h"

#include <algorithm>
#include <limits>

#include "renderer/embree/bsdf.h"
#include "renderer/embree/sampling.h"
#include "renderer/embree/surface.h"

namespace railyard::render::embree {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();
constexpr int kPaths = Integrator::kPaths;

float max_component(const glm::vec3& c) {
  return std::max(c.r, std::max(c.g, c.b));
}

// Everything shading a path vertex needs.
struct Vertex {
  const SurfacePoint& surface;
  const LocalFrame& frame;
  const Bsdf& bsdf;
};

// Light one next-event sample brings through the BSDF if its shadow ray is clear; zero where it
// cannot bring any (then no shadow ray is needed). `bsdf_tried`: the path also samples the BSDF
// here, so the two strategies share the light by their MIS weights.
glm::vec3 unshadowed_light(const Vertex& vertex, const LightSample& light, bool bsdf_tried) {
  const glm::vec3& wi = light.direction;
  float cos_theta = glm::dot(wi, vertex.surface.shading_normal);
  // Directions below the triangle itself would leak light through it.
  if (cos_theta <= 0.0f || glm::dot(wi, vertex.surface.geometric_normal) <= 0.0f) {
    return glm::vec3(0.0f);
  }
  BsdfValue bsdf = vertex.bsdf.evaluate(vertex.frame.to_local(wi));
  glm::vec3 light_through = bsdf.f * light.radiance;
  if (max_component(light_through) <= 0.0f) return glm::vec3(0.0f);
  if (light.pdf == 0.0f) return light_through * cos_theta;  // a delta light
  float weight_over_pdf =
      bsdf_tried ? power_heuristic_over_pdf(light.pdf, bsdf.pdf) : 1.0f / light.pdf;
  return light_through * (cos_theta * weight_over_pdf);
}

// One path between bounces.
struct Path {
  glm::vec3 radiance{0.0f};
  glm::vec3 throughput{1.0f};
  glm::vec3 direction{0.0f};  // of the ray that found `hit`
  Hit hit;
  float bsdf_pdf = 0.0f;        // density of the BSDF sample that made the current ray
  glm::vec3 last_normal{0.0f};  // shading normal where it was sampled (the sky's NEE density)
  bool alive = false;
};

// A pixel's paths, advanced one bounce at a time: every live path shades its vertex, which sends
// up to two shadow rays (sun, sky) and one extension ray; each kind is traced as one packet.
class PathBatch {
 public:
  PathBatch(const SceneBvh& bvh, const std::vector<BsdfMaterial>& materials, const SunLight& sun,
            const SkyLight& sky, const PointLights& lamps, const IntegratorSettings& settings,
            std::array<SampleStream, kPaths>& streams)
      : bvh_(bvh),
        materials_(materials),
        sun_(sun),
        sky_(sky),
        lamps_(lamps),
        settings_(settings),
        streams_(streams) {}

  // Starts a path for each active camera ray that hit; false when there is none.
  bool start(const RayPacket& camera) {
    bool any = false;
    for (int i = 0; i < kPaths; ++i) {
      Path& path = paths_[i];
      path.alive = camera.found(i);
      if (!path.alive) continue;
      path.direction = camera.direction(i);
      path.hit = camera.hit(i);
      any = true;
    }
    return any;
  }

  // One bounce of every live path; false once all have ended.
  bool bounce(int depth, RayCounts& rays) {
    sun_rays_.clear();
    sky_rays_.clear();
    for (int k = 0; k < lamps_.count(); ++k) lamp_rays_[static_cast<std::size_t>(k)].clear();
    extension_rays_.clear();
    for (int i = 0; i < kPaths; ++i) {
      if (paths_[i].alive) shade(i, depth);
    }
    trace_shadows(sun_rays_, sun_light_, rays);
    trace_shadows(sky_rays_, sky_light_, rays);
    for (int k = 0; k < lamps_.count(); ++k) {
      auto slot = static_cast<std::size_t>(k);
      trace_shadows(lamp_rays_[slot], lamp_light_[slot], rays);
    }
    return extend(rays);
  }

  void finish(std::array<glm::vec3, kPaths>& radiance, const RayPacket& camera) const {
    for (int i = 0; i < kPaths; ++i) {
      if (camera.found(i)) radiance[i] = paths_[i].radiance;
    }
  }

 private:
  // The path's vertex: next-event samples of the sun, the sky and every point light (their shadow
  // rays queued), then the BSDF sample that continues the path (its ray queued), or the path's end.
  void shade(int i, int depth) {
    Path& path = paths_[i];
    SampleStream& stream = streams_[i];
    SurfacePoint surface = surface_at(bvh_.instance(path.hit.instance), path.hit.triangle,
                                      path.hit.u, path.hit.v, path.direction);
    LocalFrame frame(surface.shading_normal);
    Bsdf bsdf(surface.albedo, materials_[path.hit.instance], frame.to_local(-path.direction),
              settings_.dielectric_specular);
    Vertex vertex{surface, frame, bsdf};
    bool last = depth >= settings_.max_bounces || settings_.local_lighting;

    if (sun_.lit()) {
      LightSample light = sun_.sample(stream.next_2d());
      queue_shadow(sun_rays_, sun_light_, i, surface.ray_origin, light,
                   path.throughput * unshadowed_light(vertex, light, !last));
    }
    if (settings_.sky_next_event || last) {
      LightSample light = sky_.sample(frame, stream.next_2d());
      queue_shadow(sky_rays_, sky_light_, i, surface.ray_origin, light,
                   path.throughput * unshadowed_light(vertex, light, !last));
    }
    for (int k = 0; k < lamps_.count(); ++k) {
      LightSample light = lamps_.sample(surface.ray_origin, k);
      auto slot = static_cast<std::size_t>(k);
      queue_shadow(lamp_rays_[slot], lamp_light_[slot], i, surface.ray_origin, light,
                   path.throughput * unshadowed_light(vertex, light, !last));
    }
    path.alive = false;
    if (last) return;

    float u_lobe = stream.next_1d();
    BsdfSample sample;
    if (!bsdf.sample(u_lobe, stream.next_2d(), sample)) return;
    glm::vec3 wi = frame.to_world(sample.wi);
    if (glm::dot(wi, surface.geometric_normal) <= 0.0f) return;  // into the surface: a leak
    path.throughput *= sample.f * (sample.wi.z / sample.pdf);
    path.bsdf_pdf = sample.pdf;
    path.last_normal = surface.shading_normal;

    if (depth + 1 >= settings_.russian_roulette_depth) {
      float survival = std::min(1.0f, max_component(path.throughput));
      if (!(stream.next_1d() < survival)) return;
      path.throughput /= survival;
    }
    path.alive = true;
    path.direction = wi;
    extension_rays_.add(i, surface.ray_origin, wi, 0.0f, kInfinity);
  }

  static void queue_shadow(RayPacket& packet, std::array<glm::vec3, kPaths>& pending, int i,
                           const glm::vec3& origin, const LightSample& light,
                           const glm::vec3& contribution) {
    if (max_component(contribution) <= 0.0f) return;
    pending[i] = contribution;
    packet.add(i, origin, light.direction, 0.0f, light.distance);
  }

  void trace_shadows(RayPacket& packet, const std::array<glm::vec3, kPaths>& pending,
                     RayCounts& rays) {
    if (settings_.local_lighting) {  // nothing casts shadows: every queued light arrives
      for (int i = 0; i < kPaths; ++i)
        if (packet.active(i)) paths_[i].radiance += pending[i];
      packet.clear();
      return;
    }
    rays.shadow += static_cast<std::uint64_t>(packet.active_count());
    bvh_.occluded(packet);
    for (int i = 0; i < kPaths; ++i) {
      if (packet.active(i) && !packet.blocked(i)) paths_[i].radiance += pending[i];
    }
  }

  // Traces the extension rays; a path whose ray leaves the scene sees the sky and the sun there,
  // weighted against their next-event samples at the vertex it left.
  bool extend(RayCounts& rays) {
    rays.closest += static_cast<std::uint64_t>(extension_rays_.active_count());
    bvh_.intersect(extension_rays_, false);
    bool any = false;
    for (int i = 0; i < kPaths; ++i) {
      if (!extension_rays_.active(i)) continue;
      Path& path = paths_[i];
      if (extension_rays_.found(i)) {
        path.hit = extension_rays_.hit(i);
        any = true;
        continue;
      }
      const glm::vec3& d = path.direction;
      float sky_pdf =
          settings_.sky_next_event ? std::max(0.0f, glm::dot(d, path.last_normal)) * kInvPi : 0.0f;
      path.radiance +=
          path.throughput * (sky_.radiance(d) * power_heuristic(path.bsdf_pdf, sky_pdf) +
                             sun_.radiance(d) * power_heuristic(path.bsdf_pdf, sun_.pdf()));
      path.alive = false;
    }
    return any;
  }

  const SceneBvh& bvh_;
  const std::vector<BsdfMaterial>& materials_;
  const SunLight& sun_;
  const SkyLight& sky_;
  const PointLights& lamps_;
  const IntegratorSettings& settings_;
  std::array<SampleStream, kPaths>& streams_;
  std::array<Path, kPaths> paths_;
  RayPacket sun_rays_, sky_rays_, extension_rays_;
  std::array<RayPacket, kMaxPointLights> lamp_rays_;  // one packet per lamp, the first count()
  // What each shadow ray would bring.
  std::array<glm::vec3, kPaths> sun_light_, sky_light_;
  std::array<std::array<glm::vec3, kPaths>, kMaxPointLights> lamp_light_;
};

}  // namespace

Integrator::Integrator(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& settings)
    : bvh_(bvh), sun_(scene.sun), sky_(scene.sky), lamps_(scene.point_lights), settings_(settings) {
  materials_.reserve(scene.instances.size());
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const Material& material = *bvh.instance(static_cast<unsigned>(i)).material;
    materials_.emplace_back(material.metallic, material.roughness);
  }
}

void Integrator::radiance(const RayPacket& camera, std::array<SampleStream, kPaths>& streams,
                          std::array<glm::vec3, kPaths>& radiance, RayCounts& rays) const {
  PathBatch batch(bvh_, materials_, sun_, sky_, lamps_, settings_, streams);
  if (batch.start(camera)) {
    for (int depth = 0; batch.bounce(depth, rays); ++depth) {
    }
  }
  batch.finish(radiance, camera);
}

}  // namespace railyard::render::embree
