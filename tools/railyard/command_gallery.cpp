// `railyard gallery FOLDER -o DIR`: a static site to browse a finished folder
// (tools/lib/gallery/gallery.h).
#include <cstdio>

#include "tools/lib/gallery/gallery.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/path_checks.h"
#include "util/input_error.h"

namespace railyard {

void add_gallery_command(CLI::App& app) {
  auto folder = std::make_shared<std::string>();
  auto output = std::make_shared<std::string>();
  auto options = std::make_shared<gallery::GalleryOptions>();
  CLI::App* command = app.add_subcommand(
      "gallery",
      "write a static site to browse a finished dataset, sequence set, pairs folder or suite "
      "(open DIR/index.html in a browser; the pictures are linked from the folder, so keep the "
      "two where they are relative to each other)");
  command->add_option("folder", *folder, "the folder to show")
      ->required()
      ->check(existing_folder());
  command->add_option("-o,--output", *output, "the gallery's folder (outside the one shown)")
      ->required();
  add_quiet_flag(*command, options->progress);
  command->callback([=] {
    if (inside(*output, *folder) || inside(*folder, *output))
      throw InputError("gallery: -o " + *output + " and " + *folder + " lie one inside the other");
    options->version = RAILYARD_VERSION;
    gallery::GallerySummary summary = gallery::write_gallery(*folder, *output, *options);
    if (summary.kind == "suite")
      std::printf("%s/index.html: a suite of %zu variants, %llu samples\n", output->c_str(),
                  summary.variants, static_cast<unsigned long long>(summary.units));
    else
      std::printf("%s/index.html: %llu units (%s)\n", output->c_str(),
                  static_cast<unsigned long long>(summary.units), summary.kind.c_str());
  });
}

}  // namespace railyard
