// A headless OpenGL 4.5 core context from EGL: no window, no X server. On a machine with a GPU it
// uses the EGL device platform (EGL_EXT_platform_device); without one, Mesa's surfaceless platform
// (llvmpipe). The renderer draws into framebuffer objects, so the context has no surface at all.
#pragma once

#include <string>

namespace railyard::render {

enum class EglPlatform {
  Auto,         // a hardware EGL device if there is one, else Mesa's surfaceless platform
  Device,       // EGL_EXT_platform_device with a non-software device
  Surfaceless,  // EGL_MESA_platform_surfaceless
};

// RAILYARD_EGL=device|surfaceless|auto; Auto when unset. Throws RendererError on other values.
EglPlatform egl_platform_from_environment();

class EglContext {
 public:
  // Creates the context, makes it current on this thread and loads the OpenGL functions.
  // Throws RendererError saying what was tried when no platform gives a 4.5 core context.
  explicit EglContext(EglPlatform platform = egl_platform_from_environment());
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  // Makes the context current on the calling thread (a no-op when it already is).
  void make_current() const;
  // Makes no context current on the calling thread if this one is.
  void release() const;
  // "EGL <platform>; <GL_VENDOR>; <GL_RENDERER>; OpenGL <GL_VERSION>".
  const std::string& description() const { return description_; }

 private:
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  std::string description_;
};

}  // namespace railyard::render
