#include "tools/lib/records/pairs_manifest.h"

#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;
using Field = JsonField<nlohmann::json>;

Json flip_json(const FlipRate& flips) {
  return {{"pairs", flips.pairs}, {"flipped", flips.flipped}, {"flip_rate", flips.rate()}};
}

Json flips_json(const std::map<std::string, FlipRate>& groups) {
  Json json = Json::object();
  for (const auto& [name, flips] : groups) json[name] = flip_json(flips);
  return json;
}

FlipRate flip_from_json(const Field& field) {
  FlipRate flips{field["pairs"].as_unsigned(), field["flipped"].as_unsigned()};
  if (flips.flipped > flips.pairs)
    field["flipped"].fail("more than the " + std::to_string(flips.pairs) + " pairs");
  if (field["flip_rate"].as_number() != flips.rate())
    field["flip_rate"].fail("is not flipped / pairs");
  return flips;
}

std::map<std::string, FlipRate> flips_from_json(const Field& field) {
  std::map<std::string, FlipRate> groups;
  for (const auto& [name, flips] : field.members()) groups[name] = flip_from_json(flips);
  return groups;
}

// A side: a relative folder inside the pairs folder.
std::string side_from_json(const Field& field) {
  std::string text = field.as_string();
  std::filesystem::path relative = text;
  if (relative.empty() || relative.is_absolute() ||
      relative.lexically_normal().string().starts_with(".."))
    field.fail("'" + printable(text) + "' is not a folder inside the pairs folder");
  return text;
}

}  // namespace

double FlipRate::rate() const {
  return pairs ? static_cast<double>(flipped) / static_cast<double>(pairs) : 0.0;
}

Json to_json(const PairsManifest& manifest) {
  return {{"tool", manifest.tool},
          {"version", manifest.version},
          {"mode", manifest.mode},
          {"config", manifest.config},
          {"trains", manifest.trains},
          {"pairs", manifest.pairs},
          {"unpaired", manifest.unpaired},
          {"flip_rate", flip_json(manifest.flip_rate)},
          {"flip_rate_by_operation", flips_json(manifest.flip_rate_by_operation)},
          {"flip_rate_by_rule", flips_json(manifest.flip_rate_by_rule)},
          {"base", manifest.base},
          {"intervened", manifest.intervened}};
}

std::string pairs_manifest_text(const PairsManifest& manifest) {
  return to_json(manifest).dump(2) + "\n";
}

PairsManifest pairs_manifest_from_json(const nlohmann::json& json, const JsonOrigin& origin) {
  Field field(json, origin);
  PairsManifest manifest;
  manifest.tool = field["tool"].as_name({"railyard"});
  manifest.version = field["version"].as_string();
  manifest.mode = field["mode"].as_string();
  manifest.config = field["config"].as_string();
  manifest.trains = field["trains"].as_unsigned();
  manifest.pairs = field["pairs"].as_unsigned();
  manifest.unpaired = field["unpaired"].as_unsigned();
  manifest.flip_rate = flip_from_json(field["flip_rate"]);
  if (manifest.flip_rate.pairs != manifest.pairs)
    field["flip_rate"]["pairs"].fail("is not the manifest's " + std::to_string(manifest.pairs) +
                                     " pairs");
  manifest.flip_rate_by_operation = flips_from_json(field["flip_rate_by_operation"]);
  manifest.flip_rate_by_rule = flips_from_json(field["flip_rate_by_rule"]);
  manifest.base = side_from_json(field["base"]);
  manifest.intervened = side_from_json(field["intervened"]);
  return manifest;
}

PairsManifest read_pairs_manifest(const std::filesystem::path& file) {
  JsonOrigin origin{file.string()};
  return pairs_manifest_from_json(parse_json(read_file_text(file), origin), origin);
}

}  // namespace railyard
