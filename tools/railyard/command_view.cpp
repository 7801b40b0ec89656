// `railyard view`: a window on the trains of a dataset config, rendered by the chosen backend
// (the raster one live, the path tracer progressively). Needs a display.
#include <algorithm>
#include <cstdint>

#include "renderer/registry/backends.h"
#include "renderer/viewer/viewer.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"

namespace railyard {
namespace {

struct ViewCommandOptions {
  ConfigOptions dataset;
  std::uint64_t index = 0;
  int window_width = 0;  // 0: twice the dataset's resolution, at most 1920 wide
  int window_height = 0;
  std::string mode = "colour";
  int frames = 0;
  std::string screenshot;
};

render::ViewMode parse_mode(const std::string& text) {
  if (text == "colour" || text == "color") return render::ViewMode::Color;
  if (text == "ids" || text == "parts") return render::ViewMode::PartIds;
  if (text == "depth") return render::ViewMode::Depth;
  throw std::runtime_error("--mode: '" + text + "' is not one of colour, ids, depth");
}

void run_view(const ViewCommandOptions& options) {
  DatasetConfig config = effective_config(options.dataset);
  if (options.index >= config.count) {
    throw std::runtime_error("--index " + std::to_string(options.index) + ": the dataset has " +
                             std::to_string(config.count) + " trains (count)");
  }
  auto scenes = dataset_scenes(config, run_options(options.dataset));

  render::ViewerOptions viewer;
  int scale = std::max(1, std::min(2, 1920 / std::max(config.width, 1)));
  viewer.width = options.window_width > 0 ? options.window_width : scale * config.width;
  viewer.height = options.window_height > 0 ? options.window_height : scale * config.height;
  viewer.title = "railyard view: " + config.rule + ", " + config.scene;
  viewer.first_index = static_cast<int>(options.index);
  viewer.view = parse_mode(options.mode);
  viewer.frames = options.frames;
  viewer.screenshot = options.screenshot;
  viewer.samples = config.samples;
  if (config.backend != "raster") {
    render::BackendSettings settings = backend_settings(config);
    viewer.offscreen = [backend = config.backend, settings] {
      return render::make_renderer(backend, settings);
    };
  }
  render::run_viewer([&](int index) { return scenes(static_cast<std::uint64_t>(index)); }, viewer);
}

}  // namespace

void add_view_command(CLI::App& app) {
  auto options = std::make_shared<ViewCommandOptions>();
  CLI::App* view = app.add_subcommand(
      "view",
      "a window on a config's trains: drag to orbit, scroll to zoom, C/I/D passes, N/P "
      "next/previous train, S screenshot, Q quit");
  add_config_options(*view, options->dataset);
  view->add_option("--index", options->index, "first train shown (dataset index)");
  view->add_option("--window-width", options->window_width, "window width in pixels");
  view->add_option("--window-height", options->window_height, "window height in pixels");
  view->add_option("--mode", options->mode, "pass shown first: colour, ids or depth");
  view->add_option("--frames", options->frames,
                   "draw this many frames, save --screenshot and quit (scripted runs)");
  view->add_option("--screenshot", options->screenshot, "PNG written after the last frame");
  view->callback([options] { run_view(*options); });
}

}  // namespace railyard
