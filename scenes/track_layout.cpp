#include "scenes/track_layout.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "scenes/framing.h"

namespace railyard {

glm::vec3 place_track(TrainAssembly& assembly, const Track& track, const glm::mat4& line_to_world,
                      float radius, const render::Camera& camera) {
  float world_segment = glm::length(glm::vec3(line_to_world[0])) * track.segment_length;
  int reach = static_cast<int>(std::floor(radius / world_segment + 1e-4f));
  for (int k = -reach; k <= reach; ++k) {
    glm::mat4 where =
        line_to_world *
        glm::translate(glm::mat4(1.0f), {track.segment_length * static_cast<float>(k), 0.0f, 0.0f});
    for (const Piece& piece : track.pieces) {
      glm::mat4 placed = where * glm::translate(glm::mat4(1.0f), piece.at);
      const Model& model = assembly.library().model(piece.model);
      if (!may_be_visible(camera, placed, model.bounds_min, model.bounds_max)) continue;
      assembly.place(piece, placed, assembly.part(piece.part, 0, -1, piece.label));
    }
  }
  // Segments stand symmetrically about the line's origin: the track's middle is there, at the
  // middle height of its models.
  glm::vec3 lo(0.0f), hi(0.0f);
  for (const Piece& piece : track.pieces) {
    const Model& model = assembly.library().model(piece.model);
    lo = glm::min(lo, piece.at + model.bounds_min);
    hi = glm::max(hi, piece.at + model.bounds_max);
  }
  return glm::vec3(line_to_world * glm::vec4(0.0f, 0.0f, 0.5f * (lo.z + hi.z), 1.0f));
}

}  // namespace railyard
