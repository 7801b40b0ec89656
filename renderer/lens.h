// The lens models every backend and the annotations share, in one place: where a direction in
// camera space lands in the image, and the ray back through a pixel. Pixel coordinates have x to
// the right and y down, with pixel centres at +0.5; camera space looks down -Z with +Y up.
//   pinhole      r = f tan(theta)       f = (w/2) / tan(fov/2)
//   equidistant  r = f theta            f = (w/2) / (fov/2)
//   equisolid    r = 2 f sin(theta/2)   f = (w/2) / (2 sin(fov/4))   (V-LoL's fisheye)
// theta is the angle off the optical axis, r the distance from the image centre, fov the
// horizontal field of view across the full image width.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <optional>
#include <string_view>

#include "util/enum_names.h"

namespace railyard::render {

enum class Lens : std::uint8_t { Pinhole, Equidistant, Equisolid };
// "fisheye" is the equidistant lens's older name.
inline constexpr auto kLensNames = enum_names<Lens>({{Lens::Pinhole, "pinhole"},
                                                     {Lens::Equidistant, "equidistant"},
                                                     {Lens::Equisolid, "equisolid"},
                                                     {Lens::Equidistant, "fisheye"}});

inline std::string_view lens_name(Lens lens) {  // pinhole, equidistant, equisolid
  return kLensNames.name(lens);
}
inline std::optional<Lens> parse_lens(std::string_view name) {
  return kLensNames.parse(name);
}
// The widest field of view the lens can show, in degrees (exclusive for the pinhole).
float max_field_of_view_deg(Lens lens);

// A lens with its constants worked out for one camera.
struct LensModel {
  Lens lens = Lens::Pinhole;
  float focal_length_px = 1.0f;
  glm::vec2 centre{0.0f};

  static LensModel of(Lens lens, float fov_deg, int width, int height);

  // Where a camera-space point lands (possibly outside the image); nullopt behind a pinhole or
  // beyond 180 degrees off-axis.
  std::optional<glm::vec2> project(const glm::vec3& p) const;
  // The camera-space direction through a pixel coordinate (unit length for the fisheyes, not
  // for the pinhole: callers normalise after turning it into world space); nullopt where the
  // lens sees nothing (past 180 degrees off-axis).
  std::optional<glm::vec3> ray(const glm::vec2& pixel) const;
};

// The constants the raster backend's fisheye shader reads (shaders/fisheye.frag mirrors ray()).
struct LensShaderConstants {
  int kind = 0;  // 1 equidistant, 2 equisolid
  float focal_length_px = 1.0f;
  glm::vec2 centre{0.0f};
};
LensShaderConstants shader_constants(const LensModel& model);

}  // namespace railyard::render
