// Rays' hits turned into what shading needs: normals, the next rays' origin, the albedo. The
// normals follow the raster backend (scene.frag): the surface is two-sided, both normals face the
// side the ray came from, and the interpolated normal is bent towards the viewer at silhouettes.
// Four hits at once, one per lane (lanes.h).
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "renderer/embree/lanes.h"
#include "renderer/embree/scene_bvh.h"

namespace railyard::render::embree {

struct SurfacePoints {
  Vec3s geometric_normal;  // unit, of the triangle, facing the incoming ray
  Vec3s shading_normal;    // unit, interpolated from the vertex normals, same side
  Vec3s ray_origin;        // the position, moved off the surface along the geometric normal
  Vec3s albedo;            // the material's colour there, pattern applied
};

// The surface at each lane's hit, found by a ray along the lane's unit `direction`.
SurfacePoints surfaces_at(const SceneBvh& bvh, const std::array<Hit, kLanes>& hits,
                          const Vec3s& direction);

}  // namespace railyard::render::embree
