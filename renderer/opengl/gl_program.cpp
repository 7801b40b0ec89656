#include "renderer/opengl/gl_program.h"

#include <string>
#include <vector>

#include "renderer/opengl/shader_sources.h"
#include "renderer/renderer.h"

namespace railyard::render {
namespace {

std::string file_list(std::initializer_list<std::string_view> files) {
  std::string list;
  for (std::string_view f : files) list += (list.empty() ? "" : " + ") + std::string(f);
  return list;
}

GlObject compile_stage(GLenum stage, std::initializer_list<std::string_view> files,
                       const std::string& preamble) {
  std::vector<const GLchar*> texts{"#version 450 core\n", preamble.c_str()};
  std::vector<GLint> lengths{-1, static_cast<GLint>(preamble.size())};
  for (std::string_view f : files) {
    std::string_view text = shader_source(f);
    texts.push_back(text.data());
    lengths.push_back(static_cast<GLint>(text.size()));
  }
  GlObject shader(glCreateShader(stage), [](GLuint name) { glDeleteShader(name); });
  glShaderSource(shader.get(), static_cast<GLsizei>(texts.size()), texts.data(), lengths.data());
  glCompileShader(shader.get());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[4096] = {};
    glGetShaderInfoLog(shader.get(), sizeof(log), nullptr, log);
    throw RendererError("cannot compile shader " + file_list(files) + ":\n" + log);
  }
  return shader;
}

}  // namespace

GlProgram::GlProgram(std::initializer_list<std::string_view> vertex_files,
                     std::initializer_list<std::string_view> fragment_files,
                     const std::string& preamble) {
  program_ = GlObject(glCreateProgram(), [](GLuint name) { glDeleteProgram(name); });
  GlObject vertex = compile_stage(GL_VERTEX_SHADER, vertex_files, preamble);
  glAttachShader(program_.get(), vertex.get());
  GlObject fragment;
  if (fragment_files.size() > 0) {
    fragment = compile_stage(GL_FRAGMENT_SHADER, fragment_files, preamble);
    glAttachShader(program_.get(), fragment.get());
  }
  glLinkProgram(program_.get());
  GLint ok = GL_FALSE;
  glGetProgramiv(program_.get(), GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[4096] = {};
    glGetProgramInfoLog(program_.get(), sizeof(log), nullptr, log);
    throw RendererError("cannot link program " + file_list(vertex_files) + " | " +
                        file_list(fragment_files) + ":\n" + log);
  }
}

}  // namespace railyard::render
