#include "renderer/opengl/egl_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "renderer/renderer.h"

namespace railyard::render {
namespace {

bool has_extension(const char* list, std::string_view name) {
  if (list == nullptr) return false;
  std::string_view all(list);
  for (std::size_t start = 0; start < all.size();) {
    std::size_t end = all.find(' ', start);
    if (end == std::string_view::npos) end = all.size();
    if (all.substr(start, end - start) == name) return true;
    start = end + 1;
  }
  return false;
}

template <class F>
F egl_function(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

std::string egl_error_text() {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "EGL error 0x%04x", static_cast<unsigned>(eglGetError()));
  return buffer;
}

// A display from a hardware EGL device, or EGL_NO_DISPLAY with the reason in `log`.
EGLDisplay device_display(std::string& log) {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!has_extension(client, "EGL_EXT_device_base") &&
      !has_extension(client, "EGL_EXT_device_enumeration")) {
    log += "device platform: EGL_EXT_device_enumeration not supported; ";
    return EGL_NO_DISPLAY;
  }
  if (!has_extension(client, "EGL_EXT_platform_device")) {
    log += "device platform: EGL_EXT_platform_device not supported; ";
    return EGL_NO_DISPLAY;
  }
  auto query_devices = egl_function<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  auto query_string = egl_function<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
  auto platform_display = egl_function<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  EGLint count = 0;
  if (!query_devices || !query_string || !platform_display || !query_devices(0, nullptr, &count) ||
      count == 0) {
    log += "device platform: no EGL devices; ";
    return EGL_NO_DISPLAY;
  }
  std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count));
  query_devices(count, devices.data(), &count);
  for (EGLDeviceEXT device : devices) {
    // Mesa lists llvmpipe as a device too; the surfaceless platform is its proper home.
    if (has_extension(query_string(device, EGL_EXTENSIONS), "EGL_MESA_device_software")) continue;
    EGLDisplay display = platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
    if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr)) return display;
  }
  log += "device platform: " + std::to_string(count) + " EGL device(s), none usable in hardware; ";
  return EGL_NO_DISPLAY;
}

EGLDisplay surfaceless_display(std::string& log) {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!has_extension(client, "EGL_MESA_platform_surfaceless")) {
    log += "surfaceless platform: EGL_MESA_platform_surfaceless not supported; ";
    return EGL_NO_DISPLAY;
  }
  auto platform_display = egl_function<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  EGLDisplay display = platform_display ? platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                                                           EGL_DEFAULT_DISPLAY, nullptr)
                                        : EGL_NO_DISPLAY;
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr)) {
    log += "surfaceless platform: cannot initialise (" + egl_error_text() + "); ";
    return EGL_NO_DISPLAY;
  }
  return display;
}

// An OpenGL 4.5 core context without surfaces, or EGL_NO_CONTEXT with the reason in `log`.
EGLContext core_context(EGLDisplay display, std::string& log) {
  if (!has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context")) {
    log += "no EGL_KHR_surfaceless_context; ";
    return EGL_NO_CONTEXT;
  }
  if (!eglBindAPI(EGL_OPENGL_API)) {
    log += "no desktop OpenGL API; ";
    return EGL_NO_CONTEXT;
  }
  const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                      EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(display, config_attributes, &config, 1, &configs) || configs == 0) {
    log += "no OpenGL-renderable config; ";
    return EGL_NO_CONTEXT;
  }
  const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                       4,
                                       EGL_CONTEXT_MINOR_VERSION,
                                       5,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                       EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
  if (context == EGL_NO_CONTEXT) log += "no OpenGL 4.5 core context (" + egl_error_text() + "); ";
  return context;
}

std::string gl_string(GLenum name) {
  const GLubyte* text = glGetString(name);
  return text ? reinterpret_cast<const char*>(text) : "?";
}

}  // namespace

EglPlatform egl_platform_from_environment() {
  const char* value = std::getenv("RAILYARD_EGL");
  if (value == nullptr || *value == '\0') return EglPlatform::Auto;
  std::string_view v(value);
  if (v == "auto") return EglPlatform::Auto;
  if (v == "device") return EglPlatform::Device;
  if (v == "surfaceless") return EglPlatform::Surfaceless;
  throw RendererError("RAILYARD_EGL='" + std::string(v) +
                      "' is not one of: device, surfaceless, auto");
}

EglContext::EglContext(EglPlatform platform) {
  std::string log;
  std::string platform_name;
  auto try_platform = [&](EglPlatform which) {
    EGLDisplay display =
        which == EglPlatform::Device ? device_display(log) : surfaceless_display(log);
    if (display == EGL_NO_DISPLAY) return false;
    EGLContext context = core_context(display, log);
    // Displays are shared per device within the process, so a failed one is not terminated.
    if (context == EGL_NO_CONTEXT) return false;
    display_ = display;
    context_ = context;
    platform_name = which == EglPlatform::Device ? "device" : "surfaceless";
    return true;
  };
  bool ok = false;
  if (platform != EglPlatform::Surfaceless) ok = try_platform(EglPlatform::Device);
  if (!ok && platform != EglPlatform::Device) ok = try_platform(EglPlatform::Surfaceless);
  if (!ok) throw RendererError("cannot create a headless OpenGL 4.5 context with EGL: " + log);

  make_current();
  if (gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)) == 0) {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
    throw RendererError("EGL " + platform_name + " platform: cannot load OpenGL 4.5 functions");
  }
  description_ = "EGL " + platform_name + " platform; " + gl_string(GL_VENDOR) + "; " +
                 gl_string(GL_RENDERER) + "; OpenGL " + gl_string(GL_VERSION);
}

EglContext::~EglContext() {
  auto display = static_cast<EGLDisplay>(display_);
  if (eglGetCurrentContext() == context_) {
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  eglDestroyContext(display, static_cast<EGLContext>(context_));
  // The display is shared per device within the process; terminating it would invalidate other
  // contexts created on it, so it stays initialised until the process ends.
}

void EglContext::release() const {
  if (eglGetCurrentContext() == context_)
    eglMakeCurrent(static_cast<EGLDisplay>(display_), EGL_NO_SURFACE, EGL_NO_SURFACE,
                   EGL_NO_CONTEXT);
}

void EglContext::make_current() const {
  if (eglGetCurrentContext() == context_) return;
  if (!eglMakeCurrent(static_cast<EGLDisplay>(display_), EGL_NO_SURFACE, EGL_NO_SURFACE,
                      static_cast<EGLContext>(context_))) {
    throw RendererError("cannot make the EGL context current (" + egl_error_text() + ")");
  }
}

}  // namespace railyard::render
