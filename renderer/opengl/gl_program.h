// A linked GLSL program built from the embedded shader files (shader_sources.h). Each stage is
// the concatenation of its files after a common #version line, so helpers such as tone.glsl are
// written once and shared.
#pragma once

#include <glad/gl.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "renderer/opengl/gl_objects.h"

namespace railyard::render {

class GlProgram {
 public:
  GlProgram() = default;
  // Throws RendererError with the compiler's log, naming the files, when a stage fails.
  GlProgram(std::initializer_list<std::string_view> vertex_files,
            std::initializer_list<std::string_view> fragment_files,
            const std::string& preamble = {});

  GLuint get() const { return program_.get(); }
  // Location of a uniform the program uses; -1 (ignored by glProgramUniform*) otherwise.
  GLint uniform(const char* name) const { return glGetUniformLocation(program_.get(), name); }

 private:
  GlObject program_;
};

}  // namespace railyard::render
