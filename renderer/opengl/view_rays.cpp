#include "renderer/opengl/view_rays.h"

namespace railyard::render {

ViewRays view_rays(const glm::mat4& clip_from_world, const glm::vec3& eye, int width, int height) {
  // Double precision: the reversed-depth projection's inverse loses digits in float.
  glm::dmat4 clip(clip_from_world);
  glm::dmat4 world_from_clip = glm::inverse(clip);
  auto ray = [&](double x, double y) {
    glm::dvec4 ndc(2.0 * x / width - 1.0, 2.0 * y / height - 1.0, 0.5, 1.0);
    glm::dvec4 world = world_from_clip * ndc;
    world /= world.w;
    double view_depth = (clip * world).w;  // clip w of a perspective view
    return (glm::dvec3(world) - glm::dvec3(eye)) / view_depth;
  };
  glm::dvec3 base = ray(0.0, 0.0);
  return {glm::vec3(base), glm::vec3(ray(1.0, 0.0) - base), glm::vec3(ray(0.0, 1.0) - base)};
}

}  // namespace railyard::render
