// A photographer's cyclorama (V-LoL's base_scene studio): a floor that curves up into a tall
// backdrop without a seam, so the lights spread over it as a smooth gradient. It stands behind
// the train as the camera sees it and replaces the square ground of other scenes.
#pragma once

#include <glm/glm.hpp>
#include <memory>

#include "renderer/camera.h"
#include "renderer/scene.h"

namespace railyard {

struct Cyclorama {
  float width = 60.0f;   // across the view
  float height = 25.0f;  // of the backdrop's top above the floor
  float distance =
      8.0f;              // from the centre to where the floor starts to curve, away from the camera
  float radius = 6.0f;   // of the curve between floor and backdrop
  float front = 40.0f;   // how far the floor reaches from the centre towards the camera
  int curve_steps = 24;  // flat strips that make the curve

  bool operator==(const Cyclorama&) const = default;
};

// The mesh in its own frame: x across, +y away from the camera, z up, the centre at the origin.
std::shared_ptr<const render::Mesh> make_cyclorama_mesh(const Cyclorama& cyclorama);

// Places the mesh at `centre` (its floor at the centre's height) with the backdrop behind it
// as seen from the camera (the camera's horizontal viewing direction).
glm::mat4 cyclorama_to_world(const render::Camera& camera, const glm::vec3& centre);

}  // namespace railyard
