#include "renderer/viewer/viewer.h"

#include <glad/gl.h>
// GLFW after glad: glad provides the OpenGL declarations.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <thread>

#include "renderer/opengl/gl_objects.h"
#include "renderer/viewer/false_colour.h"
#include "util/png_io.h"

namespace railyard::render {
namespace {

std::string glfw_error() {
  const char* text = nullptr;
  glfwGetError(&text);
  return text ? text : "unknown GLFW error";
}

class GlfwLibrary {
 public:
  GlfwLibrary() {
    // A display server started just before us (xvfb-run) may not accept connections for a
    // moment; retry briefly before giving up.
    for (int attempt = 0; !glfwInit(); ++attempt) {
      if (attempt == 20) throw RendererError("cannot initialise GLFW: " + glfw_error());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ~GlfwLibrary() { glfwTerminate(); }
  GlfwLibrary(const GlfwLibrary&) = delete;
  GlfwLibrary& operator=(const GlfwLibrary&) = delete;
};

// The camera as a point on a sphere around its look-at point.
struct Orbit {
  glm::vec3 centre{0.0f};
  float radius = 10.0f;
  float yaw = 0.0f;    // radians around +Z
  float pitch = 0.3f;  // radians above the horizontal

  static Orbit around(const Camera& camera) {
    glm::vec3 offset = camera.position - camera.look_at;
    Orbit o;
    o.centre = camera.look_at;
    o.radius = std::max(glm::length(offset), 1e-3f);
    o.yaw = std::atan2(offset.y, offset.x);
    o.pitch = std::asin(std::clamp(offset.z / o.radius, -1.0f, 1.0f));
    return o;
  }
  glm::vec3 position() const {
    return centre + radius * glm::vec3(std::cos(pitch) * std::cos(yaw),
                                       std::cos(pitch) * std::sin(yaw), std::sin(pitch));
  }
};

const char* mode_name(ViewMode mode) {
  switch (mode) {
    case ViewMode::Color: return "colour";
    case ViewMode::PartIds: return "part ids";
    case ViewMode::Depth: return "depth";
  }
  return "";
}

class Viewer {
 public:
  Viewer(const std::function<Scene(int)>& scene_for_index, const ViewerOptions& options)
      : scene_for_index_(scene_for_index), options_(options), mode_(options.view) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, 0);
    window_ = glfwCreateWindow(std::max(options.width, 16), std::max(options.height, 16),
                               options.title.c_str(), nullptr, nullptr);
    if (!window_) {
      throw RendererError("cannot open a window with an OpenGL 4.5 core context (" + glfw_error() +
                          "); without a display, run under `xvfb-run -a`");
    }
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(1);
    if (options.offscreen) {
      // Without a renderer of our own in this context, the viewer loads OpenGL itself.
      if (gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)) == 0) {
        throw RendererError("cannot load OpenGL functions in the viewer's window");
      }
      offscreen_ = options.offscreen();
    } else {
      renderer_ = std::make_unique<OpenGlRenderer>(
          reinterpret_cast<OpenGlRenderer::GlLoader>(glfwGetProcAddress), "GLFW window",
          options.renderer);
    }
    glfwSetWindowUserPointer(window_, this);
    glfwSetKeyCallback(window_, [](GLFWwindow* w, int key, int, int action, int) {
      if (action != GLFW_RELEASE) self(w).on_key(key);
    });
    glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int button, int action, int) {
      if (button == GLFW_MOUSE_BUTTON_LEFT) self(w).dragging_ = action == GLFW_PRESS;
    });
    glfwSetCursorPosCallback(window_,
                             [](GLFWwindow* w, double x, double y) { self(w).on_cursor(x, y); });
    glfwSetScrollCallback(window_, [](GLFWwindow* w, double, double dy) {
      Viewer& v = self(w);
      v.orbit_.radius *= std::pow(0.9f, static_cast<float>(dy));
      v.dirty_ = true;
    });
    glfwSetFramebufferSizeCallback(window_, [](GLFWwindow* w, int, int) { self(w).dirty_ = true; });

    load(options.first_index);
    texture_ = make_texture(GL_TEXTURE_2D);
    framebuffer_ = make_framebuffer();
  }

  ~Viewer() {
    if (window_) {
      glfwMakeContextCurrent(window_);
      texture_.reset();
      framebuffer_.reset();
      renderer_.reset();  // GL objects go while their context is current
      offscreen_.reset();
      glfwDestroyWindow(window_);
    }
  }
  Viewer(const Viewer&) = delete;
  Viewer& operator=(const Viewer&) = delete;

  void run() {
    for (int drawn = 0; !glfwWindowShouldClose(window_);) {
      if (dirty_ || refining()) {
        draw();
        ++drawn;
        if (options_.frames > 0 && drawn >= options_.frames) {
          if (!options_.screenshot.empty()) save_window(options_.screenshot);
          glfwSwapBuffers(window_);
          break;
        }
        glfwSwapBuffers(window_);
      }
      if (reshow_) {
        show_frame();
        glfwSwapBuffers(window_);
      }
      // Scripted: keep drawing. Interactive: sleep until something happens.
      if (options_.frames > 0) {
        dirty_ = dirty_ || !refining();
        glfwPollEvents();
      } else if (refining()) {
        glfwPollEvents();  // the next, finer level follows unless the view changes
      } else {
        glfwWaitEvents();
      }
    }
  }

 private:
  static Viewer& self(GLFWwindow* window) {
    return *static_cast<Viewer*>(glfwGetWindowUserPointer(window));
  }

  void load(int index) {
    scene_ = scene_for_index_(index);
    index_ = index;
    orbit_ = Orbit::around(scene_.camera);
    dirty_ = true;
  }

  void try_load(int index) {
    if (index < 0) return;
    try {
      load(index);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "railyard view: no train %d: %s\n", index, e.what());
    }
  }

  void on_key(int key) {
    switch (key) {
      case GLFW_KEY_C: show_mode(ViewMode::Color); return;
      case GLFW_KEY_I: show_mode(ViewMode::PartIds); return;
      case GLFW_KEY_D: show_mode(ViewMode::Depth); return;
      case GLFW_KEY_V:
      case GLFW_KEY_TAB:
        show_mode(static_cast<ViewMode>((static_cast<int>(mode_) + 1) % 3));
        return;
      case GLFW_KEY_N: try_load(index_ + 1); break;
      case GLFW_KEY_P: try_load(index_ - 1); break;
      case GLFW_KEY_R: orbit_ = Orbit::around(scene_.camera); break;
      case GLFW_KEY_S: save_window("railyard_view_" + std::to_string(index_) + ".png"); return;
      case GLFW_KEY_ESCAPE:
      case GLFW_KEY_Q: glfwSetWindowShouldClose(window_, GLFW_TRUE); break;
      default: return;
    }
    dirty_ = true;
  }

  void on_cursor(double x, double y) {
    if (dragging_) {
      orbit_.yaw -= 0.01f * static_cast<float>(x - cursor_x_);
      orbit_.pitch = std::clamp(orbit_.pitch + 0.01f * static_cast<float>(y - cursor_y_),
                                glm::radians(-89.0f), glm::radians(89.0f));
      dirty_ = true;
    }
    cursor_x_ = x;
    cursor_y_ = y;
  }

  // The passes are all in the last frame: switching between them needs no new render.
  void show_mode(ViewMode mode) {
    mode_ = mode;
    reshow_ = true;
  }

  // Samples per pixel of the finest progressive level.
  int finest_level() const { return options_.samples > 0 ? options_.samples : 64; }
  // An offscreen backend still has finer levels to render for the current view.
  bool refining() const { return offscreen_ && level_ > 0 && level_ < finest_level(); }

  // Renders the scene at the window's pixel size and shows the chosen pass. With an offscreen
  // backend, a changed view starts again at one sample per pixel; otherwise the samples double.
  void draw() {
    bool restart = dirty_;
    dirty_ = false;
    int width = 0, height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    if (width <= 0 || height <= 0) return;  // minimised
    Scene view = scene_;
    view.camera.position = orbit_.position();
    view.camera.look_at = orbit_.centre;
    view.camera.width = width;
    view.camera.height = height;
    RenderOptions render_options;
    render_options.image_index = index_;
    render_options.samples = options_.samples;
    if (offscreen_) {
      level_ = restart || level_ == 0 ? 1 : std::min(2 * level_, finest_level());
      render_options.samples = level_;
    }
    auto start = std::chrono::steady_clock::now();
    frame_ = offscreen_ ? offscreen_->render(view, render_options)
                        : renderer_->render(view, render_options);
    frame_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    show_frame();
  }

  void show_frame() {
    reshow_ = false;
    if (frame_.color.pixels.empty()) return;
    const Image<Rgb8>& shown = mode_ == ViewMode::Color ? frame_.color
                               : mode_ == ViewMode::PartIds
                                   ? (scratch_ = false_colour_parts(frame_.part_ids))
                                   : (scratch_ = grey_depth(frame_.depth));
    show(shown);
    std::string title = options_.title + " | train " + std::to_string(index_) + " | " +
                        mode_name(mode_) + " | " + std::to_string(static_cast<int>(frame_ms_)) +
                        " ms";
    if (offscreen_) title += " | " + std::to_string(level_) + " spp";
    glfwSetWindowTitle(window_, title.c_str());
  }

  // Copies an image (rows top-down) to the window, flipping it onto OpenGL's bottom-up rows.
  void show(const Image<Rgb8>& image) {
    if (image.width != texture_width_ || image.height != texture_height_) {
      texture_ = make_texture(GL_TEXTURE_2D);
      glTextureStorage2D(texture_.get(), 1, GL_RGBA8, image.width, image.height);
      glNamedFramebufferTexture(framebuffer_.get(), GL_COLOR_ATTACHMENT0, texture_.get(), 0);
      texture_width_ = image.width;
      texture_height_ = image.height;
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(texture_.get(), 0, 0, 0, image.width, image.height, GL_RGB,
                        GL_UNSIGNED_BYTE, image.pixels.data());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitNamedFramebuffer(framebuffer_.get(), 0, 0, 0, image.width, image.height, 0, image.height,
                           image.width, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }

  void save_window(const std::filesystem::path& path) {
    int width = 0, height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    Image<Rgb8> image(width, height);
    std::vector<Rgb8> rows(image.pixels.size());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadnPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE,
                  static_cast<GLsizei>(rows.size() * sizeof(Rgb8)), rows.data());
    for (int y = 0; y < height; ++y) {
      std::copy_n(rows.begin() + static_cast<std::ptrdiff_t>(height - 1 - y) * width, width,
                  image.pixels.begin() + static_cast<std::ptrdiff_t>(y) * width);
    }
    write_png(path, image);
  }

  const std::function<Scene(int)>& scene_for_index_;
  ViewerOptions options_;
  GLFWwindow* window_ = nullptr;
  std::unique_ptr<OpenGlRenderer> renderer_;  // in the window's context
  std::unique_ptr<Renderer> offscreen_;       // or frames from another backend
  Frame frame_;
  double frame_ms_ = 0.0;
  int level_ = 0;  // samples per pixel of the progressive frame shown; 0 before the first
  GlObject texture_, framebuffer_;
  int texture_width_ = 0, texture_height_ = 0;
  Image<Rgb8> scratch_;

  Scene scene_;
  int index_ = 0;
  Orbit orbit_;
  ViewMode mode_;
  bool dirty_ = true;    // the view changed: render again
  bool reshow_ = false;  // the pass shown changed: show the last frame again
  bool dragging_ = false;
  double cursor_x_ = 0.0, cursor_y_ = 0.0;
};

}  // namespace

void run_viewer(const std::function<Scene(int index)>& scene_for_index,
                const ViewerOptions& options) {
  GlfwLibrary glfw;
  Viewer viewer(scene_for_index, options);
  viewer.run();
}

}  // namespace railyard::render
