#include "renderer/opengl/render_targets.h"

#include <string>
#include <vector>

#include "renderer/renderer.h"

namespace railyard::render {
namespace {

GlObject texture_2d(GLenum format, int width, int height) {
  GlObject t = make_texture(GL_TEXTURE_2D);
  glTextureStorage2D(t.get(), 1, format, width, height);
  glTextureParameteri(t.get(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTextureParameteri(t.get(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  return t;
}

GlObject texture_2d_multisample(GLenum format, int width, int height, int samples) {
  GlObject t = make_texture(GL_TEXTURE_2D_MULTISAMPLE);
  glTextureStorage2DMultisample(t.get(), samples, format, width, height, GL_TRUE);
  return t;
}

// Pass::PartSamples of a width x height view with `samples` samples (part_sample_layers).
GlObject part_samples_texture(int width, int height, int samples) {
  GlObject t = make_texture(GL_TEXTURE_2D_ARRAY);
  glTextureStorage3D(t.get(), 1, GL_RGBA16UI, width, height, part_sample_layers(samples));
  return t;
}

GlObject texture_cube(GLenum format, int size, GLenum filter) {
  GlObject t = make_texture(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(t.get(), 1, format, size, size);
  glTextureParameteri(t.get(), GL_TEXTURE_MIN_FILTER, filter);
  glTextureParameteri(t.get(), GL_TEXTURE_MAG_FILTER, filter);
  glTextureParameteri(t.get(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(t.get(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return t;
}

void check_complete(const GlObject& framebuffer, const char* what) {
  GLenum status = glCheckNamedFramebufferStatus(framebuffer.get(), GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    throw RendererError(std::string("OpenGL framebuffer for the ") + what +
                        " is incomplete (status " + std::to_string(status) + ")");
  }
}

void set_draw_buffers(const GlObject& framebuffer, int count) {
  std::vector<GLenum> buffers;
  for (int i = 0; i < count; ++i) buffers.push_back(static_cast<GLenum>(GL_COLOR_ATTACHMENT0 + i));
  if (count == 0) {
    glNamedFramebufferDrawBuffer(framebuffer.get(), GL_NONE);
    glNamedFramebufferReadBuffer(framebuffer.get(), GL_NONE);
  } else {
    glNamedFramebufferDrawBuffers(framebuffer.get(), count, buffers.data());
  }
}

}  // namespace

ShadowTarget::ShadowTarget(int size_px) : size(size_px) {
  depth = texture_2d(GL_DEPTH_COMPONENT32F, size, size);
  framebuffer = make_framebuffer();
  glNamedFramebufferTexture(framebuffer.get(), GL_DEPTH_ATTACHMENT, depth.get(), 0);
  set_draw_buffers(framebuffer, 0);
  check_complete(framebuffer, "shadow map");
}

ViewTarget::ViewTarget(int w, int h, int s) : width(w), height(h), samples(s) {
  surface = texture_2d_multisample(GL_RG32UI, w, h, s);
  depth = texture_2d_multisample(GL_DEPTH_COMPONENT32F, w, h, s);
  geometry_framebuffer = make_framebuffer();
  glNamedFramebufferTexture(geometry_framebuffer.get(), GL_COLOR_ATTACHMENT0, surface.get(), 0);
  glNamedFramebufferTexture(geometry_framebuffer.get(), GL_DEPTH_ATTACHMENT, depth.get(), 0);
  set_draw_buffers(geometry_framebuffer, 1);
  check_complete(geometry_framebuffer, "geometry pass");

  colour = make_texture(GL_TEXTURE_2D_ARRAY);
  glTextureStorage3D(colour.get(), 1, GL_RGBA16F, w, h, s);
  glTextureParameteri(colour.get(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTextureParameteri(colour.get(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTextureParameteri(colour.get(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(colour.get(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  lighting_framebuffer = make_framebuffer();
  for (int i = 0; i < s; ++i) {
    glNamedFramebufferTextureLayer(lighting_framebuffer.get(),
                                   static_cast<GLenum>(GL_COLOR_ATTACHMENT0 + i), colour.get(), 0,
                                   i);
  }
  stencil = texture_2d(GL_STENCIL_INDEX8, w, h);
  glNamedFramebufferTexture(lighting_framebuffer.get(), GL_STENCIL_ATTACHMENT, stencil.get(), 0);
  set_draw_buffers(lighting_framebuffer, s);
  check_complete(lighting_framebuffer, "lighting pass");
}

void ViewTarget::add_part_samples() {
  if (part_samples) return;
  int layers = part_sample_layers(samples);
  part_samples = part_samples_texture(width, height, samples);
  part_samples_framebuffer = make_framebuffer();
  GLuint fb = part_samples_framebuffer.get();
  for (int i = 0; i < samples + layers; ++i) {
    bool colour = i < samples;
    glNamedFramebufferTextureLayer(fb, static_cast<GLenum>(GL_COLOR_ATTACHMENT0 + i),
                                   colour ? this->colour.get() : part_samples.get(), 0,
                                   colour ? i : i - samples);
  }
  glNamedFramebufferTexture(fb, GL_STENCIL_ATTACHMENT, stencil.get(), 0);
  set_draw_buffers(part_samples_framebuffer, samples + layers);
  check_complete(part_samples_framebuffer, "lighting pass with part samples");
}

OutputTarget::OutputTarget(int w, int h) : width(w), height(h) {
  srgb = texture_2d(GL_RGBA8, w, h);
  part_depth = texture_2d(GL_RG32UI, w, h);
  framebuffer = make_framebuffer();
  glNamedFramebufferTexture(framebuffer.get(), GL_COLOR_ATTACHMENT0, srgb.get(), 0);
  glNamedFramebufferTexture(framebuffer.get(), GL_COLOR_ATTACHMENT1, part_depth.get(), 0);
  set_draw_buffers(framebuffer, 2);
  check_complete(framebuffer, "output");
}

GLuint OutputTarget::with_part_samples(int samples) {
  if (part_sample_count == samples) return part_samples_framebuffer.get();
  int layers = part_sample_layers(samples);
  part_samples = part_samples_texture(width, height, samples);
  part_samples_framebuffer = make_framebuffer();
  GLuint fb = part_samples_framebuffer.get();
  glNamedFramebufferTexture(fb, GL_COLOR_ATTACHMENT0, srgb.get(), 0);
  glNamedFramebufferTexture(fb, GL_COLOR_ATTACHMENT1, part_depth.get(), 0);
  for (int i = 0; i < layers; ++i) {
    glNamedFramebufferTextureLayer(fb, static_cast<GLenum>(GL_COLOR_ATTACHMENT2 + i),
                                   part_samples.get(), 0, i);
  }
  set_draw_buffers(part_samples_framebuffer, 2 + layers);
  check_complete(part_samples_framebuffer, "output with part samples");
  part_sample_count = samples;
  return fb;
}

CubeTargets::CubeTargets(int size, int s, int w, int h)
    : face_size(size), width(w), height(h), face(size, size, s), output(w, h) {
  display_cube = texture_cube(GL_RGBA16F, size, GL_LINEAR);
  part_depth_cube = texture_cube(GL_RG32UI, size, GL_NEAREST);
  for (int f = 0; f < 6; ++f) {
    face_framebuffers[f] = make_framebuffer();
    GLuint fb = face_framebuffers[f].get();
    glNamedFramebufferTextureLayer(fb, GL_COLOR_ATTACHMENT0, display_cube.get(), 0, f);
    glNamedFramebufferTextureLayer(fb, GL_COLOR_ATTACHMENT1, part_depth_cube.get(), 0, f);
    set_draw_buffers(face_framebuffers[f], 2);
    check_complete(face_framebuffers[f], "cube face");
  }
}

}  // namespace railyard::render
