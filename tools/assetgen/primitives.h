// The geometry kit: parametric primitives the assets are assembled from. All are built in a
// right-handed, Z-up frame, faces counter-clockwise seen from outside.
#pragma once

#include <glm/glm.hpp>
#include <span>

#include "tools/assetgen/shape.h"

namespace railyard::assetgen {

// Axis-aligned box between two corners.
Shape box(const glm::vec3& min, const glm::vec3& max);
// Box with its edges and corners rounded by `radius`, `segments` facets per 45 degrees (the
// coarse level of detail, detail.h, may leave small bevels sharp).
Shape rounded_box(const glm::vec3& min, const glm::vec3& max, float radius, int segments);

// Surface of revolution about the Z axis. The profile is a list of (radius, z) points walked
// counter-clockwise in the (r, z) half-plane (bottom pole outwards, up, back in to the top pole);
// points at radius 0 become single pole vertices. `phase` rotates the first segment. A smooth
// round surface: the coarse level of detail (detail.h) gives it fewer segments, as many as a
// caller stretching it afterwards by up to `stretch` still needs.
Shape lathe(std::span<const glm::vec2> profile, int segments, float phase_rad = 0.0f,
            float stretch = 1.0f);
// The same with exactly `segments` facets at every level of detail: a faceted shape.
Shape faceted_lathe(std::span<const glm::vec2> profile, int segments, float phase_rad = 0.0f);

// Closed cylinder along Z from z0 to z1.
Shape cylinder(float radius, float z0, float z1, int segments);
// Closed cone frustum along Z (r1 may be 0 for a cone).
Shape frustum(float r0, float r1, float z0, float z1, int segments);
// Hollow tube along Z with annular end caps.
Shape tube(float outer, float inner, float z0, float z1, int segments);
// Regular prism along Z with `sides` sides, circumradius `radius`, one vertex on +X.
Shape prism(int sides, float radius, float z0, float z1);
Shape sphere(float radius, int segments, int rings);
// Ring about the Z axis in the XY plane.
Shape torus(float major, float minor, int major_segments, int minor_segments);

// Simple polygon (counter-clockwise in XY) extruded along Z from z0 to z1, with capped ends.
Shape extrude(std::span<const glm::vec2> outline, float z0, float z1);

// Capped round rod from a to b.
Shape rod(const glm::vec3& a, const glm::vec3& b, float radius, int segments);
// Rectangular beam from a to b: `width` across (perpendicular to `up`), `height` along `up`.
Shape beam(const glm::vec3& a, const glm::vec3& b, float width, float height,
           const glm::vec3& up = {0.0f, 0.0f, 1.0f});

// Maps a profile drawn in the XY plane and extruded along Z onto the (y, z) plane extruded along
// x: a cyclic swap of axes (x, y, z) -> (y, z, x), so no mirroring.
glm::mat4 yz_section_along_x();
// Rotation taking +Z onto `axis` (unit), then translation to `origin`.
glm::mat4 frame_along(const glm::vec3& origin, const glm::vec3& axis);
glm::mat4 translate(const glm::vec3& t);
glm::mat4 rotate_x(float deg);
glm::mat4 rotate_y(float deg);
glm::mat4 scale(const glm::vec3& s);

}  // namespace railyard::assetgen
