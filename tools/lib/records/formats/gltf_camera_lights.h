// A render::Scene's camera and lights as glTF objects, for what Assimp 5.2's glTF exporter does
// not write (scene_glb.h adds them to its output). Poses are in our Z-up world; the file's root
// node turns them Y-up with everything else.
//
//   camera  a perspective camera looking down its node's -Z with +Y up, as ours does. yfov is the
//           vertical angle of a pinhole with the lens's focal length in pixels: exactly our view
//           for the pinhole; for a fisheye (which glTF cannot express) the pinhole that agrees
//           with it at the image centre. extras: the lens, its horizontal field of view, the
//           resolution and the focal length in pixels, so the fisheye can be rebuilt.
//   sun     a KHR_lights_punctual directional light shining down its node's -Z (the node's +Z
//           points at the sun).
//   lamps   point lights, or spot lights (outer cone 90 degrees, inner 0) for lamps that face a
//           direction and emit with the cosine to it, which glTF's spot falloff only approximates.
// Intensities: glTF's are photometric (lux for the sun, candela for lamps); ours are radiometric
// (W/m^2 on a surface facing the sun, W/sr on a lamp's axis), converted at 683 lm/W, the factor
// Blender's importer divides by, so Blender gets our sun strength and lamp powers back. The
// brightest channel is the intensity and the colour is the rest; extras keep the linear RGB
// values in our units.
#pragma once

#include <cstddef>
#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "renderer/scene.h"

namespace railyard {

inline constexpr double kLumensPerWatt = 683.0;

nlohmann::ordered_json gltf_camera(const render::Camera& camera);
glm::mat4 gltf_camera_pose(const render::Camera& camera);

nlohmann::ordered_json gltf_sun(const render::Sun& sun);
glm::mat4 gltf_sun_pose(const render::Sun& sun);

nlohmann::ordered_json gltf_lamp(const render::PointLight& lamp, std::size_t index);
glm::mat4 gltf_lamp_pose(const render::PointLight& lamp);

}  // namespace railyard
