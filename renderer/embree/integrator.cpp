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
// at most one shadow ray and one extension ray. The shadow rays go through Embree as one packet,
// the extension rays as another.
class PathBatch {
 public:
  PathBatch(const SceneBvh& bvh, const std::vector<BsdfMaterial>& materials, const SunLight& sun,
            const SkyLight& sky, const PointLights& lamps, const LightSelection& selection,
            const IntegratorSettings& settings, std::array<PathSamples, kPaths>& samples,
            PathPackets& packets)
      : bvh_(bvh),
        materials_(materials),
        sun_(sun),
        sky_(sky),
        lamps_(lamps),
        selection_(selection),
        settings_(settings),
        samples_(samples),
        extension_rays_(packets.extension),
        shadow_rays_(packets.shadow),
        shadow_light_(packets.shadow_light) {}

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
    shadow_rays_.clear();
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
  // The path's vertex: a next-event sample of one picked light (its shadow ray queued), then the
  // BSDF sample that continues the path (its ray queued), or the path's end. With local lighting
  // every light simply arrives, unshadowed.
  void shade(int i, int depth) {
    Path& path = paths_[i];
    PathSamples& samples = samples_[i];
    SurfacePoint surface = surface_at(bvh_.instance(path.hit.instance), path.hit.triangle,
                                      path.hit.u, path.hit.v, path.direction);
    LocalFrame frame(surface.shading_normal);
    Bsdf bsdf(surface.albedo, materials_[path.hit.instance], frame.to_local(-path.direction),
              settings_.dielectric_specular);
    Vertex vertex{surface, frame, bsdf};
    bool last = depth >= settings_.max_bounces || settings_.local_lighting;

    LightSelection::Weights weights = selection_.weights(surface.ray_origin, surface.shading_normal,
                                                         settings_.sky_next_event || last);
    path.alive = false;
    if (settings_.local_lighting) {
      for (int light = 0; light < LightSelection::kMaxLights; ++light) {
        if (weights.of[light] > 0.0f) next_event(i, depth, vertex, weights, {light, 1.0f}, false);
      }
      return;
    }
    LightPick pick = selection_.pick(weights, samples.at_vertex_1d(depth, PathSamples::kLightPick));
    if (pick.light >= 0) next_event(i, depth, vertex, weights, pick, !last);
    path.sun_chance = weights.probability(LightPick::kSun);
    path.sky_chance = weights.probability(LightPick::kSky);
    if (last) return;

    glm::vec2 lobe_roulette = samples.at_vertex_2d(depth, PathSamples::kLobeAndRoulette);
    BsdfSample sample;
    if (!bsdf.sample(lobe_roulette.x, samples.at_vertex_2d(depth, PathSamples::kBsdfDirection),
                     sample))
      return;
    glm::vec3 wi = frame.to_world(sample.wi);
    if (glm::dot(wi, surface.geometric_normal) <= 0.0f) return;  // into the surface: a leak
    path.throughput *= sample.f * (sample.wi.z / sample.pdf);
    path.bsdf_pdf = sample.pdf;
    path.last_normal = surface.shading_normal;

    if (depth + 1 >= settings_.russian_roulette_depth) {
      float survival = std::min(1.0f, max_component(path.throughput));
      if (!(lobe_roulette.y < survival)) return;
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
  void next_event(int i, int depth, const Vertex& vertex, const LightSelection::Weights& weights,
                  const LightPick& pick, bool bsdf_tried) {
    Path& path = paths_[i];
    LightSample light;
    if (pick.light >= LightPick::kFirstLamp) {
      auto lamp = static_cast<std::size_t>(pick.light - LightPick::kFirstLamp);
      light = lamps_.sample(static_cast<int>(lamp), weights.lamp_direction[lamp],
                            weights.lamp_distance[lamp]);
    } else {
      bool sun = pick.light == LightPick::kSun;
      glm::vec2 u =
          samples_[i].at_vertex_2d(depth, sun ? PathSamples::kSunSample : PathSamples::kSkySample);
      light = sun ? sun_.sample(u) : sky_.sample(vertex.frame, u);
    }
    const glm::vec3& origin = vertex.surface.ray_origin;
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
    shadow_light_[i] = contribution;
    shadow_rays_.add(i, origin, light.direction, 0.0f, light.distance);
  }

  // Light arriving at a vertex of the given depth, after IntegratorSettings::indirect_clamp.
  glm::vec3 clamped(const glm::vec3& light, int depth) const {
    float limit = settings_.indirect_clamp;
    if (depth == 0 || !(limit > 0.0f)) return light;
    float brightest = max_component(light);
    return brightest > limit ? light * (limit / brightest) : light;
  }

  void trace_shadows(RayCounts& rays) {
    int count = shadow_rays_.active_count();
    if (count == 0) return;
    rays.shadow += static_cast<std::uint64_t>(count);
    bvh_.occluded(shadow_rays_);
    for (int i = 0; i < kPaths; ++i) {
      if (shadow_rays_.active(i) && !shadow_rays_.blocked(i))
        paths_[i].radiance += shadow_light_[i];
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
  const LightSelection& selection_;
  const IntegratorSettings& settings_;
  std::array<PathSamples, kPaths>& samples_;
  std::array<Path, kPaths> paths_;
  RayPacket& extension_rays_;
  RayPacket& shadow_rays_;
  std::array<glm::vec3, kPaths>& shadow_light_;
};

}  // namespace

Integrator::Integrator(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& settings)
    : bvh_(bvh),
      sun_(scene.sun),
      sky_(scene.sky),
      lamps_(scene.point_lights),
      selection_(sun_, sky_, lamps_),
      settings_(settings) {
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

void Integrator::radiance(const RayPacket& camera, std::array<PathSamples, kPaths>& samples,
                          PathPackets& packets, std::array<glm::vec3, kPaths>& radiance,
                          RayCounts& rays) const {
  PathBatch batch(bvh_, materials_, sun_, sky_, lamps_, selection_, settings_, samples, packets);
  if (batch.start(camera)) {
    for (int depth = 0; batch.bounce(depth, rays); ++depth) {
    }
  }
  batch.finish(radiance, camera);
}

}  // namespace railyard::render::embree
