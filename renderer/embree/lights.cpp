#include "renderer/embree/lights.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "renderer/renderer.h"

namespace railyard::render::embree {
namespace {

glm::vec3 sun_direction(const Sun& sun) {
  float length = glm::length(sun.direction);
  if (!(length > 0.0f) || !std::isfinite(length)) {
    throw RendererError("the sun's direction must be a non-zero vector");
  }
  return sun.direction / length;
}

}  // namespace

SunLight::SunLight(const Sun& sun)
    : lit_(std::max(sun.irradiance.r, std::max(sun.irradiance.g, sun.irradiance.b)) > 0.0f),
      direction_(lit_ ? sun_direction(sun) : glm::vec3(0.0f, 0.0f, 1.0f)),
      frame_(Vec3s(direction_)) {
  if (!lit_) return;
  float radius = glm::radians(std::max(0.0f, sun.angular_radius_deg));
  cos_max_ = std::cos(radius);
  if (delta()) {
    radiance_ = sun.irradiance;
    return;
  }
  // A uniform disc of radiance L gives irradiance L * pi * sin^2(radius) on a surface facing it.
  float sin_max = std::sin(radius);
  radiance_ = sun.irradiance / (kPi * sin_max * sin_max);
  pdf_ = 1.0f / (2.0f * kPi * (1.0f - cos_max_));
}

LightSample SunLight::sample(const Vec2s& u) const {
  if (delta()) return {Vec3s(direction_), Vec3s(radiance_), 0.0f};
  return {frame_.to_world(sample_uniform_cone(u, cos_max_)), Vec3s(radiance_), pdf_};
}

PointLights::PointLights(const std::vector<PointLight>& lights) : lights_(lights) {
  if (lights_.size() > static_cast<std::size_t>(kMaxPointLights))
    throw RendererError("the scene has " + std::to_string(lights_.size()) +
                        " point lights; at most " + std::to_string(kMaxPointLights) + " are drawn");
}

LightSample PointLights::sample(int index, const Vec3s& direction, const Floats& distance) const {
  const PointLight& lamp = lights_[static_cast<std::size_t>(index)];
  Vec3s irradiance =
      Vec3s(lamp.intensity) * lamp_emission(lamp, -direction) / (distance * distance);
  return {direction, irradiance, 0.0f, distance};
}

LightSample SkyLight::sample(const LocalFrame& frame, const Vec2s& u) const {
  Vec3s local = sample_cosine_hemisphere(u);
  LightSample sample{frame.to_world(local), Vec3s(0.0f), local.z * kInvPi};
  for (int i = 0; i < kLanes; ++i) sample.radiance.set_lane(i, radiance(sample.direction.lane(i)));
  return sample;
}

}  // namespace railyard::render::embree
