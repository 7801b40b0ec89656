// The rails: the track model repeated along the train's line through the whole view, as V-LoL
// lays them, not only under the train.
#pragma once

#include <glm/glm.hpp>

#include "renderer/camera.h"
#include "scenes/asset_manifest.h"
#include "scenes/train_assembly.h"

namespace railyard {

// Places segments centred on the train's middle and out to `radius` world units either side,
// each in the part "rail". `line_to_world` maps the line's frame (origin at the train's middle,
// +X along the train, the train's scale applied) into the world. Segments the camera cannot see
// are left out, so the rails cost only what is in the picture. Returns the world centre of the
// whole track, seen or not (its middle under the train's), the rail part's centre whatever the
// camera sees.
glm::vec3 place_track(TrainAssembly& assembly, const Track& track, const glm::mat4& line_to_world,
                      float radius, const render::Camera& camera);

}  // namespace railyard
