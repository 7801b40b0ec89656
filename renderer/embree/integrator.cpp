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
constexpr int kBatch = Integrator::kBatch;

// Everything shading a group's path vertices needs.
struct Vertex {
  const SurfacePoints& surface;
  const LocalFrame& frame;
  const Bsdf& bsdf;
};

// Light next-event samples bring through the BSDF if their shadow rays are clear; zero where they
// cannot bring any (then no shadow ray is needed). `bsdf_tried`: the paths also sample the BSDF
// here, so the two strategies share the light by their MIS weights.
Vec3s unshadowed_light(const Vertex& vertex, const LightSample& light, bool bsdf_tried) {
  const Vec3s& wi = light.direction;
  Floats cos_theta = dot(wi, vertex.surface.shading_normal);
  // Directions below the triangle itself would leak light through it.
  Mask lit = cos_theta > 0.0f && dot(wi, vertex.surface.geometric_normal) > 0.0f;
  BsdfValue bsdf = vertex.bsdf.evaluate(vertex.frame.to_local(wi));
  Vec3s light_through = bsdf.f * light.radiance;
  lit = lit && max_component(light_through) > 0.0f;
  Floats weight_over_pdf =
      bsdf_tried ? power_heuristic_over_pdf(light.pdf, bsdf.pdf) : Floats(1.0f) / light.pdf;
  // A delta light (pdf 0) has no density to weigh.
  Floats factor = select(light.pdf == 0.0f, cos_theta, cos_theta * weight_over_pdf);
  return select(lit, light_through * factor, Vec3s(0.0f));
}

// One path between bounces.
struct Path {
  glm::vec3 throughput{1.0f};
  glm::vec3 direction{0.0f};  // of the ray that found `hit`
  Hit hit;
  float bsdf_pdf = 0.0f;        // density of the BSDF sample that made the current ray
  glm::vec3 last_normal{0.0f};  // shading normal where it was sampled (the sky's NEE density)
  // Where it was sampled: the chances that next-event estimation picked the sun or the sky.
  float sun_chance = 0.0f, sky_chance = 0.0f;
};

// Up to four paths shaded together, one per lane. Lanes without a path repeat the first path, so
// that every lane computes with sound numbers; what they find is thrown away.
struct Group {
  std::array<int, kLanes> path;
  Mask used{false};

  // Paths first to end - 1 of `paths`, at most four.
  static Group of(const std::array<int, kBatch>& paths, int first, int end) {
    Group group;
    for (int lane = 0; lane < kLanes; ++lane) {
      bool used = first + lane < end;
      group.used[lane] = used;
      group.path[lane] = paths[used ? first + lane : first];
    }
    return group;
  }
};

// A pixel's paths, advanced one bounce at a time: every live path shades its vertex, which sends
// at most one shadow ray and one extension ray. The vertices are shaded four at a time among the
// paths still going; the shadow rays go through Embree as full packets, the extension rays too.
class PathBatch {
 public:
  PathBatch(const SceneBvh& bvh, const std::vector<BsdfMaterial>& materials, const SunLight& sun,
            const SkyLight& sky, const PointLights& lamps, const LightSelection& selection,
            const IntegratorSettings& settings, std::array<PathSamples, kBatch>& samples,
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
  bool start(const BatchPackets& cameras, int count) {
    count_ = count;
    live_count_ = 0;
    for (int i = 0; i < count; ++i) {
      const RayPacket& camera = cameras.packet_of(i);
      int lane = BatchPackets::lane_of(i);
      if (!camera.found(lane)) continue;
      Path& path = paths_[i];
      path.direction = camera.direction(lane);
      path.hit = camera.hit(lane);
      live_[live_count_++] = i;
    }
    return live_count_ > 0;
  }

  // One bounce of every live path; false once all have ended.
  bool bounce(int depth, RayCounts& rays) {
    shadow_rays_.clear();
    extension_rays_.clear();
    for (int first = 0; first < live_count_; first += kLanes)
      shade(Group::of(live_, first, live_count_), depth);
    trace_shadows(rays);
    return extend(depth, rays);
  }

  void finish(std::array<glm::vec3, kBatch>& radiance, const BatchPackets& cameras) const {
    for (int i = 0; i < count_; ++i) {
      if (cameras.packet_of(i).found(BatchPackets::lane_of(i))) radiance[i] = radiance_[i];
    }
  }

 private:
  // The group's vertices: a next-event sample of one picked light (its shadow ray queued), then
  // the BSDF sample that continues the path (its ray queued), or the path's end. With local
  // lighting every light simply arrives, unshadowed.
  void shade(const Group& group, int depth) {
    std::array<Hit, kLanes> hits;
    Vec3s direction, throughput;
    for (int lane = 0; lane < kLanes; ++lane) {
      const Path& path = paths_[group.path[lane]];
      hits[lane] = path.hit;
      direction.set_lane(lane, path.direction);
      throughput.set_lane(lane, path.throughput);
    }
    SurfacePoints surface = surfaces_at(bvh_, hits, direction);
    LocalFrame frame(surface.shading_normal);
    Bsdf::Materials materials;
    for (int lane = 0; lane < kLanes; ++lane) materials[lane] = &materials_[hits[lane].instance];
    Bsdf bsdf(surface.albedo, materials, frame.to_local(-direction), settings_.dielectric_specular);
    Vertex vertex{surface, frame, bsdf};
    bool last = depth >= settings_.max_bounces || settings_.local_lighting;

    LightSelection::Weights weights = selection_.weights(surface.ray_origin, surface.shading_normal,
                                                         settings_.sky_next_event || last);
    if (settings_.local_lighting) {
      for (int light = 0; light < LightSelection::kMaxLights; ++light) {
        LightPick all{Floats(static_cast<float>(light)), 1.0f};
        next_event(group, depth, vertex, throughput, weights, all,
                   group.used && weights.of[light] > 0.0f, false);
      }
      return;
    }
    LightPick pick =
        selection_.pick(weights, draw_1d(group, group.used, depth, PathSamples::kLightPick));
    next_event(group, depth, vertex, throughput, weights, pick, group.used && pick.light >= 0.0f,
               !last);
    Floats sun_chance = weights.probability(LightPick::kSun);
    Floats sky_chance = weights.probability(LightPick::kSky);
    if (last) return;

    Vec2s lobe_roulette = draw_2d(group, group.used, depth, PathSamples::kLobeAndRoulette);
    BsdfSample sample = bsdf.sample(lobe_roulette.x,
                                    draw_2d(group, group.used, depth, PathSamples::kBsdfDirection));
    Vec3s wi = frame.to_world(sample.wi);
    // Into the surface: a leak.
    Mask extend = group.used && sample.valid && dot(wi, surface.geometric_normal) > 0.0f;
    throughput *= sample.value.f * (sample.wi.z / sample.value.pdf);
    if (depth + 1 >= settings_.russian_roulette_depth) {
      Floats survival = min(Floats(1.0f), max_component(throughput));
      extend = extend && lobe_roulette.y < survival;
      throughput = throughput / survival;
    }
    for (int lane = 0; lane < kLanes; ++lane) {
      if (!extend[lane]) continue;
      Path& path = paths_[group.path[lane]];
      path.throughput = throughput.lane(lane);
      path.bsdf_pdf = sample.value.pdf[lane];
      path.last_normal = surface.shading_normal.lane(lane);
      path.sun_chance = sun_chance[lane];
      path.sky_chance = sky_chance[lane];
      path.direction = wi.lane(lane);
      extension_rays_.add(group.path[lane], surface.ray_origin.lane(lane), path.direction,
                          kInfinity);
    }
  }

  // The paths' own samples for this vertex, in the lanes that draw them (0.5 in the others).
  Floats draw_1d(const Group& group, const Mask& lanes, int depth, std::uint32_t slot) {
    Floats u = 0.5f;
    for (int lane = 0; lane < kLanes; ++lane) {
      if (lanes[lane]) u[lane] = samples_[group.path[lane]].at_vertex_1d(depth, slot);
    }
    return u;
  }
  Vec2s draw_2d(const Group& group, const Mask& lanes, int depth, std::uint32_t slot) {
    Vec2s u{0.5f, 0.5f};
    for (int lane = 0; lane < kLanes; ++lane) {
      if (!lanes[lane]) continue;
      glm::vec2 drawn = samples_[group.path[lane]].at_vertex_2d(depth, slot);
      u.x[lane] = drawn.x;
      u.y[lane] = drawn.y;
    }
    return u;
  }

  // Next-event samples of the picked lights in the `picked` lanes, their densities scaled by the
  // chances of the picks so that multiple importance sampling weighs them against the BSDF's
  // densities as one strategy. Their shadow rays are queued; with local lighting nothing casts
  // shadows and the light simply arrives.
  void next_event(const Group& group, int depth, const Vertex& vertex, const Vec3s& throughput,
                  const LightSelection::Weights& weights, const LightPick& pick, const Mask& picked,
                  bool bsdf_tried) {
    LightSample light = sample_lights(group, depth, vertex, weights, pick, picked);
    Mask delta = light.pdf == 0.0f;
    light.pdf = select(delta, light.pdf, light.pdf * pick.probability);
    // A delta light: no density to scale, so the estimate divides by the chance.
    light.radiance = select(delta, light.radiance / pick.probability, light.radiance);
    Vec3s contribution = clamped(throughput * unshadowed_light(vertex, light, bsdf_tried), depth);
    Mask send = picked && max_component(contribution) > 0.0f;
    for (int lane = 0; lane < kLanes; ++lane) {
      if (!send[lane]) continue;
      int path = group.path[lane];
      if (settings_.local_lighting) {
        radiance_[path] += contribution.lane(lane);
        continue;
      }
      int slot = shadow_rays_.add(path, vertex.surface.ray_origin.lane(lane),
                                  light.direction.lane(lane), light.distance[lane]);
      shadow_light_[slot] = contribution.lane(lane);
    }
  }

  // Each picked lane's sample of its light: each kind of light is sampled only where a lane
  // picked it.
  LightSample sample_lights(const Group& group, int depth, const Vertex& vertex,
                            const LightSelection::Weights& weights, const LightPick& pick,
                            const Mask& picked) {
    LightSample light{Vec3s(glm::vec3(0.0f, 0.0f, 1.0f)), Vec3s(0.0f), 0.0f, 1.0f};
    for (int k = 0; k < lamps_.count(); ++k) {
      Mask lanes = picked && pick.is(LightPick::kFirstLamp + k);
      if (!stdx::any_of(lanes)) continue;
      auto lamp = static_cast<std::size_t>(k);
      select_into(lanes,
                  lamps_.sample(k, weights.lamp_direction[lamp], weights.lamp_distance[lamp]),
                  light);
    }
    Mask sun = picked && pick.is(LightPick::kSun);
    if (stdx::any_of(sun))
      select_into(sun, sun_.sample(draw_2d(group, sun, depth, PathSamples::kSunSample)), light);
    Mask sky = picked && pick.is(LightPick::kSky);
    if (stdx::any_of(sky)) {
      select_into(sky,
                  sky_.sample(vertex.frame, draw_2d(group, sky, depth, PathSamples::kSkySample)),
                  light);
    }
    return light;
  }

  // Light arriving at vertices of the given depth, after IntegratorSettings::indirect_clamp.
  Vec3s clamped(const Vec3s& light, int depth) const {
    float limit = settings_.indirect_clamp;
    if (depth == 0 || !(limit > 0.0f)) return light;
    Floats brightest = max_component(light);
    return select(brightest > limit, light * (limit / brightest), light);
  }

  void trace_shadows(RayCounts& rays) {
    if (shadow_rays_.count() == 0) return;
    rays.shadow += static_cast<std::uint64_t>(shadow_rays_.count());
    for (int k = 0; k < shadow_rays_.packets(); ++k) bvh_.occluded(shadow_rays_.packet(k));
    for (int slot = 0; slot < shadow_rays_.count(); ++slot) {
      if (!shadow_rays_.packet_of(slot).blocked(RayQueue::lane_of(slot)))
        radiance_[shadow_rays_.path(slot)] += shadow_light_[slot];
    }
  }

  // Traces the extension rays; a path whose ray leaves the scene sees the sky and the sun there,
  // weighted against their next-event samples at the vertex it left.
  bool extend(int depth, RayCounts& rays) {
    rays.closest += static_cast<std::uint64_t>(extension_rays_.count());
    for (int k = 0; k < extension_rays_.packets(); ++k)
      bvh_.intersect(extension_rays_.packet(k), false);
    live_count_ = 0;
    int escaped_count = 0;
    std::array<int, kBatch> escaped;
    for (int slot = 0; slot < extension_rays_.count(); ++slot) {
      const RayPacket& packet = extension_rays_.packet_of(slot);
      int lane = RayQueue::lane_of(slot), path = extension_rays_.path(slot);
      if (packet.found(lane)) {
        paths_[path].hit = packet.hit(lane);
        live_[live_count_++] = path;
      } else {
        escaped[escaped_count++] = path;
      }
    }
    for (int first = 0; first < escaped_count; first += kLanes)
      escape(Group::of(escaped, first, escaped_count), depth);
    return live_count_ > 0;
  }

  // The sky and the sun seen by the group's paths, which end there.
  void escape(const Group& group, int depth) {
    Vec3s d, throughput, last_normal, sky, sun;
    Floats bsdf_pdf, sun_chance, sky_chance;
    for (int lane = 0; lane < kLanes; ++lane) {
      const Path& path = paths_[group.path[lane]];
      d.set_lane(lane, path.direction);
      throughput.set_lane(lane, path.throughput);
      last_normal.set_lane(lane, path.last_normal);
      bsdf_pdf[lane] = path.bsdf_pdf;
      sun_chance[lane] = path.sun_chance;
      sky_chance[lane] = path.sky_chance;
      sky.set_lane(lane, sky_.radiance(path.direction));
      sun.set_lane(lane, sun_.radiance(path.direction));
    }
    Floats sky_pdf = sky_chance * max(Floats(0.0f), dot(d, last_normal)) * kInvPi;
    Floats sun_pdf = sun_chance * sun_.pdf();
    Vec3s arriving = clamped(throughput * (sky * power_heuristic(bsdf_pdf, sky_pdf) +
                                           sun * power_heuristic(bsdf_pdf, sun_pdf)),
                             depth);
    for (int lane = 0; lane < kLanes; ++lane) {
      if (group.used[lane]) radiance_[group.path[lane]] += arriving.lane(lane);
    }
  }

  const SceneBvh& bvh_;
  const std::vector<BsdfMaterial>& materials_;
  const SunLight& sun_;
  const SkyLight& sky_;
  const PointLights& lamps_;
  const LightSelection& selection_;
  const IntegratorSettings& settings_;
  std::array<PathSamples, kBatch>& samples_;
  std::array<Path, kBatch> paths_;
  std::array<glm::vec3, kBatch> radiance_{};  // what each path has brought so far
  std::array<int, kBatch> live_;              // the paths still going, in order
  int live_count_ = 0;
  int count_ = 0;
  RayQueue& extension_rays_;
  RayQueue& shadow_rays_;
  std::array<glm::vec3, RayQueue::kCapacity>& shadow_light_;
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

void Integrator::radiance(const BatchPackets& cameras, int count,
                          std::array<PathSamples, kBatch>& samples, PathPackets& packets,
                          std::array<glm::vec3, kBatch>& radiance, RayCounts& rays) const {
  PathBatch batch(bvh_, materials_, sun_, sky_, lamps_, selection_, settings_, samples, packets);
  if (batch.start(cameras, count)) {
    for (int depth = 0; batch.bounce(depth, rays); ++depth) {
    }
  }
  batch.finish(radiance, cameras);
}

}  // namespace railyard::render::embree
