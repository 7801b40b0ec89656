// railyard: visual-logic datasets of Michalski trains. See README.md.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "tools/railyard/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"railyard: labelled Michalski-train datasets for visual logical learning"};
  app.require_subcommand(1);
  app.set_version_flag("--version", RAILYARD_VERSION);
  railyard::add_generate_command(app);
  railyard::add_intervene_command(app);
  railyard::add_sample_command(app);
  railyard::add_render_command(app);
  railyard::add_suite_command(app);
  railyard::add_export_command(app);
  railyard::add_sheet_command(app);
  railyard::add_label_command(app);
  railyard::add_rule_stats_command(app);
  railyard::add_bench_command(app);
#ifdef RAILYARD_HAS_VIEWER
  railyard::add_view_command(app);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "railyard: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
