#include "renderer/embree/integrator.h"

#include <algorithm>
#include <limits>

#include "renderer/embree/bsdf.h"
#include "renderer/embree/sampling.h"
#include "renderer/embree/surface.h"

namespace railyard::render::embree {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

float max_component(const glm::vec3& c) {
  return std::max(c.r, std::max(c.g, c.b));
}

// Everything shading a path vertex needs.
struct Vertex {
  const SurfacePoint& surface;
  const LocalFrame& frame;
  const Bsdf& bsdf;
};

// Light arriving from one next-event sample, through the BSDF. `bsdf_tried`: the path also
// samples the BSDF here, so the two strategies share the light by their MIS weights.
glm::vec3 direct_light(const SceneBvh& bvh, const Vertex& vertex, const LightSample& light,
                       bool bsdf_tried, RayCounts& rays) {
  const glm::vec3& wi = light.direction;
  float cos_theta = glm::dot(wi, vertex.surface.shading_normal);
  // Directions below the triangle itself would leak light through it.
  if (cos_theta <= 0.0f || glm::dot(wi, vertex.surface.geometric_normal) <= 0.0f) {
    return glm::vec3(0.0f);
  }
  BsdfValue bsdf = vertex.bsdf.evaluate(vertex.frame.to_local(wi));
  if (max_component(bsdf.f * light.radiance) <= 0.0f) return glm::vec3(0.0f);
  ++rays.shadow;
  if (bvh.occluded(offset_origin(vertex.surface, wi), wi, kInfinity)) return glm::vec3(0.0f);
  if (light.pdf == 0.0f) return bsdf.f * light.radiance * cos_theta;  // a delta light
  float weight = bsdf_tried ? power_heuristic(light.pdf, bsdf.pdf) : 1.0f;
  return bsdf.f * light.radiance * (cos_theta * weight / light.pdf);
}

}  // namespace

Integrator::Integrator(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& settings)
    : bvh_(bvh), sun_(scene.sun), sky_(scene.sky), settings_(settings) {}

glm::vec3 Integrator::radiance(const glm::vec3& direction, const Hit& camera_hit,
                               SampleStream& stream, RayCounts& rays) const {
  glm::vec3 radiance(0.0f);
  glm::vec3 throughput(1.0f);
  glm::vec3 ray_origin(0.0f);
  glm::vec3 ray_direction = direction;
  Hit hit = camera_hit;
  float bsdf_pdf = 0.0f;        // density of the BSDF sample that made the current ray
  glm::vec3 last_normal(0.0f);  // shading normal where it was sampled (the sky's NEE density)

  for (int depth = 0;; ++depth) {
    if (depth > 0) {
      ++rays.closest;
      if (!bvh_.intersect(ray_origin, ray_direction, 0.0f, kInfinity, hit)) {
        float sky_pdf = settings_.sky_next_event
                            ? std::max(0.0f, glm::dot(ray_direction, last_normal)) / kPi
                            : 0.0f;
        radiance +=
            throughput * (sky_.radiance(ray_direction) * power_heuristic(bsdf_pdf, sky_pdf) +
                          sun_.radiance(ray_direction) * power_heuristic(bsdf_pdf, sun_.pdf()));
        break;
      }
    }

    SurfacePoint surface =
        surface_at(bvh_.instance(hit.instance), hit.triangle, hit.u, hit.v, ray_direction);
    const Material& material = *surface.material;
    LocalFrame frame(surface.shading_normal);
    Bsdf bsdf(surface.albedo, material.metallic, material.roughness, frame.to_local(-ray_direction),
              settings_.dielectric_specular);
    Vertex vertex{surface, frame, bsdf};
    bool last = depth >= settings_.max_bounces;

    if (sun_.lit()) {
      radiance +=
          throughput * direct_light(bvh_, vertex, sun_.sample(stream.next_2d()), !last, rays);
    }
    if (settings_.sky_next_event || last) {
      radiance += throughput *
                  direct_light(bvh_, vertex, sky_.sample(frame, stream.next_2d()), !last, rays);
    }
    if (last) break;

    float u_lobe = stream.next_1d();
    BsdfSample sample;
    if (!bsdf.sample(u_lobe, stream.next_2d(), sample)) break;
    glm::vec3 wi = frame.to_world(sample.wi);
    if (glm::dot(wi, surface.geometric_normal) <= 0.0f) break;  // into the surface: a leak
    throughput *= sample.f * (sample.wi.z / sample.pdf);
    bsdf_pdf = sample.pdf;
    last_normal = surface.shading_normal;

    if (depth + 1 >= settings_.russian_roulette_depth) {
      float survival = std::min(1.0f, max_component(throughput));
      if (!(stream.next_1d() < survival)) break;
      throughput /= survival;
    }
    ray_origin = offset_origin(surface, wi);
    ray_direction = wi;
  }
  return radiance;
}

}  // namespace railyard::render::embree
