// The camera model shared by every backend and by the annotations: a pinhole or an equidistant
// fisheye lens. Pixel coordinates have x to the right and y down, with pixel centres at +0.5.
#pragma once

#include <cmath>
#include <glm/glm.hpp>
#include <optional>

namespace railyard::render {

enum class Lens { Pinhole, Fisheye };

struct Camera {
  glm::vec3 position{0.0f, -10.0f, 5.0f};
  glm::vec3 look_at{0.0f};
  glm::vec3 up{0.0f, 0.0f, 1.0f};
  float fov_deg = 40.0f;  // horizontal field of view (fisheye: of the full image width)
  Lens lens = Lens::Pinhole;
  int width = 480;
  int height = 270;
  float near = 0.05f;
  float far = 500.0f;

  bool operator==(const Camera&) const = default;

  // World to camera in OpenGL's convention: the camera looks down -Z with +Y up.
  glm::mat4 world_to_camera() const;
  glm::mat4 camera_to_world() const;
  // Focal length in pixels: f = (w/2)/tan(fov/2) for the pinhole, (w/2)/(fov/2) for the fisheye,
  // whose image radius is r = f * theta (theta: angle from the optical axis).
  float focal_length_px() const;
  // Pinhole intrinsics K (column-major glm): [[f,0,cx],[0,f,cy],[0,0,1]] with cx = w/2, cy = h/2.
  glm::mat3 intrinsics() const;
  // OpenGL clip-from-camera matrix of the pinhole.
  glm::mat4 projection() const;

  // Where a world point lands in the image (may be outside it); nullopt when it is behind the
  // camera (pinhole) or beyond 180 degrees off-axis (fisheye).
  std::optional<glm::vec2> project(const glm::vec3& world) const;
  // The lens alone, its constants computed once: project(p) is
  // lens_projection()(world_to_camera() * p). For callers projecting many points.
  struct LensProjection;
  LensProjection lens_projection() const;
  // Unit world-space direction of the ray through a pixel coordinate.
  glm::vec3 ray_direction(const glm::vec2& pixel) const;
};

// Where a point in camera coordinates (see world_to_camera) lands in the image.
struct Camera::LensProjection {
  Lens lens = Lens::Pinhole;
  float focal_length_px = 1.0f;
  glm::vec2 centre{0.0f};

  std::optional<glm::vec2> operator()(const glm::vec3& p) const {
    if (lens == Lens::Pinhole) {
      if (p.z >= 0.0f) return std::nullopt;
      return centre + glm::vec2(focal_length_px * p.x / -p.z, focal_length_px * -p.y / -p.z);
    }
    float radial = std::sqrt(p.x * p.x + p.y * p.y);
    if (radial == 0.0f) return centre;
    float r = focal_length_px * std::atan2(radial, -p.z);
    return centre + glm::vec2(r * p.x / radial, r * -p.y / radial);
  }
};

}  // namespace railyard::render
