// What a render::Mesh must satisfy before Embree gets it: whole triangles, indices within the
// positions, one normal per position if any, finite positions.
#pragma once

#include "renderer/scene.h"

namespace railyard::render::embree {

// Throws RendererError naming the mesh when its indices or normals do not fit its positions.
void validate_mesh(const Mesh& mesh);

}  // namespace railyard::render::embree
