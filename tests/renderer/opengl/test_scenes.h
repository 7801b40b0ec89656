// Synthetic scenes for the OpenGL backend's tests and benchmark: boxes, spheres and a ground
// plane generated here, so that every expected pixel can be worked out by hand.
#pragma once

#include <glm/glm.hpp>
#include <memory>

#include "renderer/scene.h"

namespace railyard::render::testing {

// An axis-aligned box centred on the origin, flat-shaded (24 vertices, 12 triangles).
std::shared_ptr<Mesh> make_box(const glm::vec3& size, const Material& material = {});
// A UV sphere of `rings` latitude bands and 2*rings longitude segments (4 rings^2 triangles).
std::shared_ptr<Mesh> make_sphere(float radius, int rings, const Material& material = {});
// A square in the plane z = 0 facing +Z, centred on the origin.
std::shared_ptr<Mesh> make_ground(float half_size, const Material& material = {});

glm::mat4 translation(const glm::vec3& offset);

// A 480x270 pinhole view of the origin from the south-west, sun and sky defaults.
Scene empty_scene();

// About `triangles` triangles in a row of "cars" (boxes with sphere loads) on a sand ground, a
// stand-in for a train scene.
Scene benchmark_scene(int triangles);

}  // namespace railyard::render::testing
