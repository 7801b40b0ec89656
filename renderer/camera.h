// The camera model shared by every backend and by the annotations: a pose and a lens (lens.h).
// Pixel coordinates have x to the right and y down, with pixel centres at +0.5.
#pragma once

#include <glm/glm.hpp>
#include <optional>

#include "renderer/lens.h"

namespace railyard::render {

struct Camera {
  glm::vec3 position{0.0f, -10.0f, 5.0f};
  glm::vec3 look_at{0.0f};
  glm::vec3 up{0.0f, 0.0f, 1.0f};
  float fov_deg = 40.0f;  // horizontal field of view, across the full image width
  Lens lens = Lens::Pinhole;
  int width = 480;
  int height = 270;
  float near = 0.05f;
  float far = 500.0f;

  bool operator==(const Camera&) const = default;

  // World to camera in OpenGL's convention: the camera looks down -Z with +Y up.
  glm::mat4 world_to_camera() const;
  glm::mat4 camera_to_world() const;
  // Focal length in pixels of the lens (see lens.h).
  float focal_length_px() const;
  // Pinhole intrinsics K (column-major glm): [[f,0,cx],[0,f,cy],[0,0,1]] with cx = w/2, cy = h/2.
  glm::mat3 intrinsics() const;
  // The pinhole's vertical field of view, in radians: fov_deg spans the width, so the height
  // sees 2 atan(h / w * tan(fov / 2)).
  float vertical_fov() const;
  // OpenGL clip-from-camera matrix of the pinhole.
  glm::mat4 projection() const;

  // Where a world point lands in the image (may be outside it); nullopt when it is behind the
  // camera (pinhole) or beyond 180 degrees off-axis (fisheyes).
  std::optional<glm::vec2> project(const glm::vec3& world) const;
  // The lens alone, its constants computed once: project(p) is
  // lens_model().project(world_to_camera() * p). For callers projecting many points.
  LensModel lens_model() const;
  // Unit world-space direction of the ray through a pixel coordinate; nullopt where a fisheye
  // sees nothing (past 180 degrees off-axis).
  std::optional<glm::vec3> ray_direction(const glm::vec2& pixel) const;
};

// Throws RendererError when no backend can render the camera: an image size outside 1..16384, a
// field of view the lens cannot have, near and far planes out of order, a zero view direction.
void validate_camera(const Camera& camera);

}  // namespace railyard::render
