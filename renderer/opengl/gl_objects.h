// Owning handles for OpenGL object names: deleted with their owner, movable, not copyable.
// They must be destroyed while the context that created them is current.
#pragma once

#include <glad/gl.h>

#include <utility>

namespace railyard::render {

class GlObject {
 public:
  using Deleter = void (*)(GLuint);

  GlObject() = default;
  GlObject(GLuint name, Deleter deleter) : name_(name), deleter_(deleter) {}
  ~GlObject() { reset(); }
  GlObject(GlObject&& other) noexcept
      : name_(std::exchange(other.name_, 0)), deleter_(other.deleter_) {}
  GlObject& operator=(GlObject&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
      deleter_ = other.deleter_;
    }
    return *this;
  }
  GlObject(const GlObject&) = delete;
  GlObject& operator=(const GlObject&) = delete;

  GLuint get() const { return name_; }
  explicit operator bool() const { return name_ != 0; }
  void reset() {
    if (name_ != 0) deleter_(std::exchange(name_, 0));
  }

 private:
  GLuint name_ = 0;
  Deleter deleter_ = nullptr;
};

inline GlObject make_buffer() {
  GLuint n = 0;
  glCreateBuffers(1, &n);
  return {n, [](GLuint name) { glDeleteBuffers(1, &name); }};
}

inline GlObject make_texture(GLenum target) {
  GLuint n = 0;
  glCreateTextures(target, 1, &n);
  return {n, [](GLuint name) { glDeleteTextures(1, &name); }};
}

inline GlObject make_framebuffer() {
  GLuint n = 0;
  glCreateFramebuffers(1, &n);
  return {n, [](GLuint name) { glDeleteFramebuffers(1, &name); }};
}

inline GlObject make_vertex_array() {
  GLuint n = 0;
  glCreateVertexArrays(1, &n);
  return {n, [](GLuint name) { glDeleteVertexArrays(1, &name); }};
}

inline GlObject make_sampler() {
  GLuint n = 0;
  glCreateSamplers(1, &n);
  return {n, [](GLuint name) { glDeleteSamplers(1, &name); }};
}

}  // namespace railyard::render
