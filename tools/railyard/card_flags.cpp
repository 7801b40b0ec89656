#include "tools/railyard/card_flags.h"

namespace railyard {

void add_card_flags(CLI::App& command, CardOptions& options) {
  command
      .add_option("--license", options.license,
                  "the generated data's license, as the Hub names it (cc-by-4.0, ...)")
      ->capture_default_str();
  command.add_option("--url", options.url,
                     "where the shards will be served from, for croissant.json's contentUrl "
                     "(a prefix ending in /; default: names beside the card)");
}

}  // namespace railyard
