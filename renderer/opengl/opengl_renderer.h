// The OpenGL 4.5 raster backend of the renderer interface. It shades with GGX/Lambert under the
// sun (soft shadow map) and the sky, renders part ids and metric depth without anti-aliasing, and
// covers the fisheye lens with a cube map around the camera (its fisheye ids and depth are the
// nearest cube texel's; the registered `raster` backend traces them instead, see
// renderer/traced_annotations.h). It draws in whatever OpenGL context it is given: a headless EGL
// context of its own, or the current one (the viewer's window).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "renderer/opengl/egl_context.h"
#include "renderer/renderer.h"
#include "renderer/tone.h"

namespace railyard::render {

struct OpenGlOptions {
  std::optional<EglPlatform> platform;  // headless only; unset: RAILYARD_EGL, else Auto
  int shadow_map_size = 0;              // texels per side; 0: chosen from the output size
  float exposure = tone::kExposure;
  // Use GL_ARB_shader_stencil_export where the driver offers it; off takes the path of drivers
  // without it (the same images, more slowly on llvmpipe).
  bool stencil_export = true;
  // Frames a caller keeps in flight (begin_render), up to 3; 0: chosen from the device, 3 on a
  // GPU and 1 on a software rasteriser (llvmpipe already draws one frame on every core, and the
  // next frame's preparation only contends with it).
  unsigned frames_in_flight = 0;
};

class OpenGlRenderer final : public Renderer {
 public:
  using GlFunction = void (*)();
  using GlLoader = GlFunction (*)(const char* name);

  // Headless: creates and owns an EGL context (see EglContext), made current for each render.
  explicit OpenGlRenderer(const OpenGlOptions& options = {});
  // Draws in the OpenGL 4.5 core context current on this thread, whose functions `load` resolves
  // (e.g. glfwGetProcAddress). The context must stay current while the renderer is used and
  // destroyed; `context_description` names it in description().
  OpenGlRenderer(GlLoader load, std::string context_description, const OpenGlOptions& options = {});
  ~OpenGlRenderer() override;

  std::string_view name() const override { return "raster"; }
  void release_thread() override;
  // The EGL platform (or the given context), GL_VENDOR, GL_RENDERER and GL_VERSION.
  std::string description() const override;
  // Throws RendererError for a camera it cannot render and for malformed meshes.
  Frame render(const Scene& scene, const RenderOptions& options) override;
  // Reads back through a ring of pixel buffers (read_back_ring.h): the frame is drawn and copied
  // while the caller goes on; a timed frame (RenderOptions::times) is read at once.
  PendingFrame begin_render(const Scene& scene, const RenderOptions& options) override;
  unsigned frames_in_flight() const override;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The headless backend; throws RendererError, saying what was tried, without a usable EGL.
std::unique_ptr<Renderer> make_opengl_renderer(const OpenGlOptions& options = {});

}  // namespace railyard::render
