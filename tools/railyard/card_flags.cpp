#include "tools/railyard/card_flags.h"

#include <regex>

namespace railyard {
namespace {

// The license goes into the card's YAML front matter and the URL into its text and croissant.json:
// only what the Hub names licenses with, and a URL prefix with nothing that could end a string.
const CLI::Validator kLicenseId(
    [](const std::string& id) -> std::string {
      if (std::regex_match(id, std::regex("[a-z0-9][a-z0-9.+-]{0,63}"))) return "";
      return "a license id as the Hub names them: lowercase letters, digits, '.', '+', '-' "
             "(cc-by-4.0, apache-2.0, other)";
    },
    "LICENSE");
const CLI::Validator kUrlPrefix(
    [](const std::string& url) -> std::string {
      if (std::regex_match(url, std::regex(R"([A-Za-z][A-Za-z0-9+.-]*://[^\s"'<>\\`]+/)")))
        return "";
      return "a URL prefix ending in / (https://host/path/), without spaces or quotes";
    },
    "URL");

}  // namespace

void add_card_flags(CLI::App& command, CardOptions& options) {
  command
      .add_option("--license", options.license,
                  "the generated data's license, as the Hub names it (cc-by-4.0, ...)")
      ->capture_default_str()
      ->check(kLicenseId);
  command
      .add_option("--url", options.url,
                  "where the shards will be served from, for croissant.json's contentUrl "
                  "(a prefix ending in /; default: names beside the card)")
      ->check(kUrlPrefix);
}

}  // namespace railyard
