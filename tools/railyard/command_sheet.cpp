// `railyard sheet`: a captioned contact sheet of every descriptor value, rendered as a dataset
// with the same scene, backend and resolution would show it and cropped to the car, or with
// --all one sheet per representation and scene.
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "renderer/registry/backends.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/sample_factory.h"
#include "tools/lib/sheet/contact_sheet.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "util/file_system.h"
#include "util/png_io.h"
#include "util/text_painter.h"

namespace railyard {
namespace {

struct SheetOptions {
  ConfigOptions dataset;
  std::string output;  // the sheet PNG or its folder
  int angle = 0;
  int columns = 6;
  bool all = false;
};

constexpr int kCropMargin = 6;      // pixels around the largest car
constexpr int kMinCellWidth = 240;  // cropped cells are enlarged to at least this width

// A PNG path names one sheet; anything else is a folder for sheet_<Representation>_<scene>.png.
std::filesystem::path sheet_path(const std::string& output, const DatasetConfig& config,
                                 bool several) {
  std::filesystem::path out(output);
  if (out.extension() == ".png") {
    if (several)
      throw std::invalid_argument("-o " + output + ": --all writes several sheets, " +
                                  "so -o names a folder");
    if (out.has_parent_path()) file_system::create_folders(out.parent_path());
    return out;
  }
  if (!output.empty()) file_system::create_folders(out);
  return out / ("sheet_" + config.representation + "_" + config.scene + ".png");
}

Image<Rgb8> render_sheet(const DatasetConfig& config, const SheetOptions& options,
                         render::Renderer& renderer, const TextPainter& text) {
  SceneContext scene = load_scene_context(config, resolve_inputs(config, data_root()));
  std::vector<SheetCell> cells;
  std::vector<PixelBox> boxes;
  for (const SheetEntry& entry :
       sheet_entries(scene.assets->manifest().representation(scene.representation).vocabulary,
                     options.angle)) {
    render::RenderOptions render_options;
    render_options.samples = config.samples;
    render_options.seed = config.seed;
    TrainScene laid_out = layout_scene(scene, entry.train);
    render::Frame frame = renderer.render(laid_out.scene, render_options);
    boxes.push_back(car_box(frame.part_ids, laid_out.parts, 1));
    cells.push_back({entry.caption, std::move(frame.color)});
  }
  int frame_w = cells.front().image.width, frame_h = cells.front().image.height;
  crop_cells(cells, boxes, kCropMargin, kMinCellWidth);
  std::string title = "railyard " RAILYARD_VERSION ": " + config.representation + ", " +
                      scene.settings.name + ", " + config.backend + ", " + std::to_string(frame_w) +
                      "x" + std::to_string(frame_h) + ", angle " + std::to_string(options.angle) +
                      "; cells cropped to the car";
  return compose_sheet(cells, options.columns, title, text);
}

void run_sheet(SheetOptions options) {
  const std::string& output = options.output;
  DatasetConfig config = effective_config(options.dataset);
  std::vector<DatasetConfig> sheets = {config};
  if (options.all) {
    sheets.clear();
    AssetManifest manifest = load_asset_manifest(resolve_inputs(config, data_root()).manifest_file);
    for (const RepresentationAssets& representation : manifest.representations)
      for (const std::string& scene : list_scenes(data_root())) {
        DatasetConfig c = config;
        c.representation = representation.name;
        c.scene = scene;
        sheets.push_back(c);
      }
  }
  auto renderer = render::make_renderer(config.backend, backend_settings(config));
  TextPainter text(default_font(), 18);
  for (const DatasetConfig& c : sheets) {
    std::filesystem::path out = sheet_path(output, c, sheets.size() > 1);
    write_png(out, render_sheet(c, options, *renderer, text));
    std::printf("wrote %s\n", out.c_str());
  }
}

}  // namespace

void add_sheet_command(CLI::App& app) {
  auto options = std::make_shared<SheetOptions>();
  CLI::App* command = app.add_subcommand(
      "sheet", "render a captioned contact sheet of every attribute value, cropped to the car");
  add_config_options(*command, options->dataset, true,
                     {"seed", "representation", "scene", "backend", "width", "height", "high_res",
                      "samples", "threads"});
  command->add_option("-o,--output", options->output,
                      "sheet PNG, or folder for sheet_<Representation>_<scene>.png (default: .)");
  command->add_option("--angle", options->angle, "train angle in degrees")->capture_default_str();
  command->add_option("--columns", options->columns, "cells per row")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  command->add_flag("--all", options->all,
                    "one sheet per representation and scene (-o names their folder)");
  command->callback([options] { run_sheet(*options); });
}

}  // namespace railyard
