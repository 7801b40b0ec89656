#include "renderer/embree/integrator.h"

#include <algorithm>
#include <limits>

#include "renderer/embree/bsdf.h"
#include "renderer/embree/light_selection.h"
#include "renderer/embree/sampling.h"
#include "renderer/embree/surface.h"

namespace railyard::render::embree {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();
constexpr int kPaths = Integrator::kPaths;
// At a path's first vertex, a light that brings at least this share of the expected light is
// sampled every time; the others share one sample (LightSelection::split).
constexpr float kAlwaysSampledShare = 0.3f;

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
  // Where it was sampled: the chances that next-event estimation picked the sun or the sky.
  float sun_chance = 0.0f, sky_chance = 0.0f;
  int depth = 0;  // of the vertex the current ray left
  bool alive = false;
};

// A pixel's paths, advanced one bounce at a time: every live path shades its vertex, which sends
// shadow rays and one extension ray. The shadow rays towards one light go through Embree as one
// packet, the extension rays as another.
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
        selection_(sun, sky, lamps),
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
    for (RayPacket& packet : shadow_rays_) packet.clear();
    extension_rays_.clear();
    for (int i = 0; i < kPaths; ++i) {
      if (paths_[i].alive) shade(i, depth);
    }
    trace_shadows(rays);
    return extend(rays);
  }

  void finish(std::array<glm::vec3, kPaths>& radiance, const RayPacket& camera) const {
    for (int i = 0; i < kPaths; ++i) {
      if (camera.found(i)) radiance[i] = paths_[i].radiance;
    }
  }

 private:
  // The path's vertex: next-event samples (their shadow rays queued), then the BSDF sample that
  // continues the path (its ray queued), or the path's end. Deeper vertices pick one light: their
  // light arrives dimmed and averaged over many paths. The first vertex, which the camera sees,
  // samples every light that brings a fair share of its light (a pick there turns sunlit sand
  // grainy) and picks one of the rest (a dim sky behind a studio's lamps is not worth a ray).
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

    LightSelection::Weights weights = selection_.weights(surface.ray_origin, surface.shading_normal,
                                                         settings_.sky_next_event || last);
    // A share above 1 (infinity): no light is always sampled, one is picked.
    float share = settings_.local_lighting ? 0.0f : depth == 0 ? kAlwaysSampledShare : kInfinity;
    LightSelection::Split split = LightSelection::split(weights, share);
    for (int light = 0; light < LightSelection::kMaxLights; ++light) {
      if (split.always[light]) next_event(i, depth, vertex, {light, 1.0f}, !last);
    }
    LightPick pick = selection_.pick(split.rest, stream.next_1d());
    if (pick.light >= 0) next_event(i, depth, vertex, pick, !last);
    path.sun_chance = split.always[0] ? 1.0f : split.rest.probability(0);
    path.sky_chance = split.always[1] ? 1.0f : split.rest.probability(1);
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
    path.depth = depth;
    path.direction = wi;
    extension_rays_.add(i, surface.ray_origin, wi, 0.0f, kInfinity);
  }

  // A next-event sample of the picked light, its density scaled by the chance of the pick so that
  // multiple importance sampling weighs it against the BSDF's density as one strategy. Its shadow
  // ray is queued; with local lighting nothing casts shadows and the light simply arrives.
  void next_event(int i, int depth, const Vertex& vertex, const LightPick& pick, bool bsdf_tried) {
    Path& path = paths_[i];
    glm::vec2 u = streams_[i].next_2d();
    const glm::vec3& origin = vertex.surface.ray_origin;
    LightSample light = pick.light == LightPick::kSun ? sun_.sample(u)
                        : pick.light == LightPick::kSky
                            ? sky_.sample(vertex.frame, u)
                            : lamps_.sample(origin, pick.light - LightPick::kFirstLamp);
    if (light.pdf > 0.0f) {
      light.pdf *= pick.probability;
    } else {  // a delta light: no density to scale, so the estimate divides by the chance
      light.radiance /= pick.probability;
    }
    glm::vec3 contribution =
        clamped(path.throughput * unshadowed_light(vertex, light, bsdf_tried), depth);
    if (!(max_component(contribution) > 0.0f)) return;
    if (settings_.local_lighting) {
      path.radiance += contribution;
      return;
    }
    auto slot = static_cast<std::size_t>(pick.light);
    shadow_light_[slot][i] = contribution;
    shadow_rays_[slot].add(i, origin, light.direction, 0.0f, light.distance);
  }

  // Light arriving at a vertex of the given depth, after IntegratorSettings::indirect_clamp.
  glm::vec3 clamped(const glm::vec3& light, int depth) const {
    float limit = settings_.indirect_clamp;
    if (depth == 0 || !(limit > 0.0f)) return light;
    float brightest = max_component(light);
    return brightest > limit ? light * (limit / brightest) : light;
  }

  void trace_shadows(RayCounts& rays) {
    for (std::size_t slot = 0; slot < shadow_rays_.size(); ++slot) {
      RayPacket& packet = shadow_rays_[slot];
      int count = packet.active_count();
      if (count == 0) continue;
      rays.shadow += static_cast<std::uint64_t>(count);
      bvh_.occluded(packet);
      for (int i = 0; i < kPaths; ++i) {
        if (packet.active(i) && !packet.blocked(i)) paths_[i].radiance += shadow_light_[slot][i];
      }
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
      float sky_pdf = path.sky_chance * std::max(0.0f, glm::dot(d, path.last_normal)) * kInvPi;
      float sun_pdf = path.sun_chance * sun_.pdf();
      path.radiance +=
          clamped(path.throughput * (sky_.radiance(d) * power_heuristic(path.bsdf_pdf, sky_pdf) +
                                     sun_.radiance(d) * power_heuristic(path.bsdf_pdf, sun_pdf)),
                  path.depth);
      path.alive = false;
    }
    return any;
  }

  const SceneBvh& bvh_;
  const std::vector<BsdfMaterial>& materials_;
  const SunLight& sun_;
  const SkyLight& sky_;
  const PointLights& lamps_;
  LightSelection selection_;
  const IntegratorSettings& settings_;
  std::array<SampleStream, kPaths>& streams_;
  std::array<Path, kPaths> paths_;
  RayPacket extension_rays_;
  std::array<RayPacket, LightSelection::kMaxLights> shadow_rays_;  // by light (LightPick)
  // What each shadow ray would bring.
  std::array<std::array<glm::vec3, kPaths>, LightSelection::kMaxLights> shadow_light_;
};

}  // namespace

Integrator::Integrator(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& settings)
    : bvh_(bvh), sun_(scene.sun), sky_(scene.sky), lamps_(scene.point_lights), settings_(settings) {
  materials_.reserve(scene.instances.size());
  for (std::size_t i = 0; i < scene.instances.size(); ++i) {
    const Material& material = *bvh.instance(static_cast<unsigned>(i)).material;
    // A scene has a handful of distinct materials: copy a resolved one rather than integrate its
    // specular albedo table again.
    auto same = std::find_if(materials_.begin(), materials_.end(), [&](const BsdfMaterial& m) {
      return m.source_metallic == material.metallic && m.source_roughness == material.roughness;
    });
    if (same != materials_.end()) {
      materials_.push_back(*same);
    } else {
      materials_.emplace_back(material.metallic, material.roughness);
    }
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
