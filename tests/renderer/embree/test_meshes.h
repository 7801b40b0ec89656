// Meshes and scenes built in the tests, so that the path tracer's checks have exact geometry and
// analytic answers.
#pragma once

#include <glm/glm.hpp>
#include <memory>

#include "renderer/scene.h"

namespace railyard::render::testing {

// A UV sphere of `radius` about the origin with outward normals; `cap_fraction` > 0 leaves out the
// cap around +Z covering that fraction of the sphere's area (an opening to the sky).
std::shared_ptr<Mesh> make_sphere(float radius, int segments, int rings, float cap_fraction = 0.0f);
// An axis-aligned box from `low` to `high` with flat faces.
std::shared_ptr<Mesh> make_box(const glm::vec3& low, const glm::vec3& high);
// A square in the plane z = 0, centred on the origin, facing +Z.
std::shared_ptr<Mesh> make_ground(float size);

Instance place(std::shared_ptr<const Mesh> mesh, const glm::mat4& object_to_world = glm::mat4(1.0f),
               std::uint32_t part = 0);

// A sky of the same radiance in every direction and no sun.
Scene uniform_sky_scene(float radiance);

// A small outdoor scene: sand ground, two painted boxes on it (parts 1 and 2), a metal sphere
// (part 3) and a glossy one, under the default sun and sky, seen at width x height.
Scene small_yard(int width, int height);

// Material of a plain colour.
Material plain(const glm::vec3& color, float metallic = 0.0f, float roughness = 0.5f);

}  // namespace railyard::render::testing
