// railyard: visual-logic datasets of Michalski trains. See README.md.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>

#include "tools/railyard/commands.h"
#include "util/printable_text.h"

int main(int argc, char** argv) {
  CLI::App app{"railyard: labelled Michalski-train datasets for visual logical learning"};
  app.require_subcommand(1);
  app.set_version_flag("--version", RAILYARD_VERSION);
  railyard::add_generate_command(app);
  railyard::add_intervene_command(app);
  railyard::add_sample_command(app);
  railyard::add_render_command(app);
  railyard::add_suite_command(app);
  railyard::add_score_command(app);
  railyard::add_export_command(app);
  railyard::add_verify_command(app);
  railyard::add_pack_command(app);
  railyard::add_card_command(app);
  railyard::add_gallery_command(app);
  railyard::add_sheet_command(app);
  railyard::add_label_command(app);
  railyard::add_ltlf_command(app);
  railyard::add_worlds_command(app);
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
    // Line by line: a message may hold a user's text with invisible or control characters.
    std::string message = e.what(), shown;
    for (std::size_t start = 0; start <= message.size();) {
      std::size_t end = std::min(message.find('\n', start), message.size());
      shown += (start ? "\n" : "") +
               railyard::printable(std::string_view(message).substr(start, end - start), 100000);
      start = end + 1;
    }
    std::fprintf(stderr, "railyard: error: %s\n", shown.c_str());
    return 1;
  }
  return 0;
}
