// The six faces of a cube map around the camera, for the fisheye lens: each face is a 90-degree
// pinhole view, laid out as OpenGL samples cube maps, in the camera's frame (looking down -Z).
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "renderer/camera.h"

namespace railyard::render {

// Face f (GL_TEXTURE_CUBE_MAP_POSITIVE_X + f) from camera space.
glm::mat4 cube_face_from_camera(int face);

// Which faces some pixel of the fisheye image samples (with bilinear neighbours near edges), so
// that faces behind a narrower lens are not rendered at all. Depends on the lens, not the pose.
std::array<bool, 6> cube_faces_seen(const Camera& camera);

// Side in texels of faces that sample the image at least as finely as its pixels: at the image
// centre one face texel spans as much angle as one pixel.
int cube_face_size(const Camera& camera);

}  // namespace railyard::render
