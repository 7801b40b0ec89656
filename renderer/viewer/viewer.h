// An interactive window on the OpenGL renderer (`railyard view`): drag to orbit the camera
// around its look-at point, scroll to zoom, and keys to switch between the colour image, the
// part-id mask (false colours) and the depth pass, or to load the next train.
//
// With an offscreen backend (the path tracer) the image refines progressively.
//
// Keys: C colour, I part ids, D depth, V or Tab cycle the views, N next train, P previous,
// R reset the view, S save a screenshot (railyard_view_<index>.png), Esc or Q quit.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "renderer/opengl/opengl_renderer.h"
#include "renderer/scene.h"

namespace railyard::render {

enum class ViewMode { Color, PartIds, Depth };

struct ViewerOptions {
  int width = 960;  // window size; the scene's camera is rendered at the window's pixel size
  int height = 540;
  std::string title = "railyard";
  int first_index = 0;
  ViewMode view = ViewMode::Color;
  // Non-interactive runs (tests, headless checks under Xvfb): render this many frames, then
  // return. 0: run until the window is closed.
  int frames = 0;
  // When set, the window's contents after the last frame are saved there as PNG.
  std::filesystem::path screenshot;
  OpenGlOptions renderer;
  // Samples per pixel (0: the backend's default).
  int samples = 0;
  // Frames from another backend (the path tracer) instead of the window's own OpenGL renderer.
  // They are refined progressively while the view stays still: 1, 2, 4, ... samples per pixel
  // up to `samples`, each level shown as soon as it is done.
  std::function<std::unique_ptr<Renderer>()> offscreen;
};

// Opens the window and runs until it is closed (or `frames` are drawn). scene_for_index builds
// train number `index` (>= 0); it may throw to say there is no such train, and the viewer then
// stays on the current one. Throws RendererError when no window or OpenGL 4.5 context can be
// created (no display: run under `xvfb-run -a`).
void run_viewer(const std::function<Scene(int index)>& scene_for_index,
                const ViewerOptions& options = {});

}  // namespace railyard::render
