#include "renderer/opengl/sample_pattern.h"

#include <glad/gl.h>

namespace railyard::render {

SamplePattern make_sample_pattern(int samples) {
  SamplePattern pattern;
  pattern.samples = samples;
  std::vector<glm::vec2> positions(static_cast<std::size_t>(samples));
  for (int i = 0; i < samples; ++i) {
    glGetMultisamplefv(GL_SAMPLE_POSITION, static_cast<GLuint>(i), &positions[i].x);
  }
  float best = 2.0f;
  for (int i = 0; i < samples; ++i) {
    float d = glm::length(positions[i] - glm::vec2(0.5f));
    if (d < best) best = d, pattern.centre_sample = i;
  }
  glm::vec2 centre = positions[pattern.centre_sample];
  pattern.shift_px = centre - glm::vec2(0.5f);
  // Texel q of layer i holds the sample at q + positions[i]; its texture coordinate is q + 0.5.
  for (const glm::vec2& p : positions) {
    pattern.tap_offset.push_back(centre - p + glm::vec2(0.5f));
    pattern.sample_offset.push_back(p - glm::vec2(0.5f));
  }
  return pattern;
}

}  // namespace railyard::render
