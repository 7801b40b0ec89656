// `railyard sheet`: a captioned contact sheet of every descriptor value, rendered as a dataset
// with the same scene, backend and resolution would show it.
#include <cstdio>

#include "renderer/backend_choice.h"
#include "scenes/representation.h"
#include "tools/dataset/data_root.h"
#include "tools/dataset/sample_factory.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "tools/sheet/contact_sheet.h"
#include "util/png_io.h"

namespace railyard {
namespace {

struct SheetOptions {
  GenerateOptions dataset;
  std::string out;  // default: sheet_<Representation>_<scene>.png
  int angle = 30;
  int columns = 6;
};

void run_sheet(const SheetOptions& options) {
  DatasetConfig config = effective_config(options.dataset);
  SceneContext scene = load_scene_context(config, data_root());
  auto renderer = render::make_renderer(
      render::parse_backend(config.backend).value_or(render::Backend::Raster), {config.threads});
  TextPainter text(default_font(), 18);
  std::vector<SheetCell> cells;
  for (const SheetEntry& entry :
       sheet_entries(part_vocabulary(scene.representation), options.angle)) {
    render::RenderOptions render_options;
    render_options.samples = config.samples;
    render_options.seed = config.seed;
    cells.push_back(
        {entry.caption,
         renderer->render(layout_scene(scene, entry.train).scene, render_options).color});
  }
  std::string title =
      "railyard " RAILYARD_VERSION ": " + config.representation + ", " + scene.settings.name +
      ", " + config.backend + ", " + std::to_string(cells.front().image.width) + "x" +
      std::to_string(cells.front().image.height) + ", angle " + std::to_string(options.angle);
  std::filesystem::path out =
      options.out.empty() ? "sheet_" + config.representation + "_" + scene.settings.name + ".png"
                          : options.out;
  write_png(out, compose_sheet(cells, options.columns, title, text));
  std::printf("wrote %s (%zu values)\n", out.c_str(), cells.size());
}

}  // namespace

void add_sheet_command(CLI::App& app) {
  auto options = std::make_shared<SheetOptions>();
  CLI::App* command =
      app.add_subcommand("sheet", "render a captioned contact sheet of every attribute value");
  add_config_options(*command, options->dataset);
  command->add_option("--out", options->out, "PNG to write");
  command->add_option("--angle", options->angle, "train angle in degrees")->capture_default_str();
  command->add_option("--columns", options->columns, "cells per row")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  command->callback([options] { run_sheet(*options); });
}

}  // namespace railyard
