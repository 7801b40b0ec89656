#include "tools/lib/records/dataset_manifest.h"

#include <charconv>

#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;
using Field = JsonField<Json>;

std::uint64_t length_of(const std::string& name, const Field& field) {
  std::uint64_t n = 0;
  auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), n);
  if (name.empty() || ec != std::errc() || end != name.data() + name.size())
    field.fail("not a number of cars");
  return n;
}

std::string hex_digest(const Field& field) {
  std::string text = field.as_string();
  if (text.size() != 64 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    field.fail("expected 64 lowercase hex digits, got '" + printable(text) + "'");
  return text;
}

}  // namespace

Json to_json(const DatasetCounts& counts) {
  Json lengths = Json::object();
  for (auto [n, count] : counts.cars_per_train) lengths[std::to_string(n)] = count;
  Json attributes = Json::object();
  for (const auto& [descriptor, values] : counts.attributes) {
    Json histogram = Json::object();
    for (const auto& [value, count] : values) histogram[value] = count;
    attributes[descriptor] = std::move(histogram);
  }
  Json json = {{"samples", counts.samples},
               {"east", counts.east},
               {"west", counts.west},
               {"published_east", counts.published_east},
               {"published_west", counts.published_west},
               {"flipped_labels", counts.flipped_labels}};
  if (counts.withheld_labels) json["withheld_labels"] = *counts.withheld_labels;
  json["cars_per_train"] = std::move(lengths);
  json["attributes"] = std::move(attributes);
  return json;
}

Json to_json(const DatasetManifest& manifest) {
  Json json = {{"tool", manifest.tool},       {"version", manifest.version},
               {"created", manifest.created}, {"seed", manifest.seed},
               {"rule", manifest.rule},       {"config", manifest.config}};
  // finalize always writes "inputs" (null where a context has none).
  json["inputs"] = manifest.inputs ? input_files_json(*manifest.inputs) : Json();
  json["counts"] = to_json(manifest.counts);
  json["coco_annotations"] = manifest.coco_annotations;
  for (const auto& [key, listed] : {std::pair{"split_files", &manifest.split_files},
                                    std::pair{"sequence_files", &manifest.sequence_files}}) {
    if (!*listed) continue;
    Json checks = Json::object();
    for (const ListedFile& check : **listed)
      checks[check.name] = {{"bytes", check.bytes}, {"sha256", check.sha256}};
    json[key] = std::move(checks);
  }
  if (manifest.records_sha256) json["records_sha256"] = *manifest.records_sha256;
  json["timing"] = {{"shards", manifest.timing.shards},
                    {"wall_seconds_total", manifest.timing.wall_seconds_total},
                    {"wall_seconds_longest", manifest.timing.wall_seconds_longest}};
  return json;
}

std::string dataset_manifest_text(const DatasetManifest& manifest) {
  return to_json(manifest).dump(2) + "\n";
}

DatasetCounts dataset_counts_from_json(const Field& field) {
  DatasetCounts counts;
  counts.samples = field["samples"].as_unsigned();
  counts.east = field["east"].as_unsigned();
  counts.west = field["west"].as_unsigned();
  if (counts.east + counts.west != counts.samples)
    field["west"].fail("east and west do not add up to the samples");
  counts.published_east = field["published_east"].as_unsigned();
  counts.published_west = field["published_west"].as_unsigned();
  if (counts.published_east + counts.published_west != counts.samples)
    field["published_west"].fail("published east and west do not add up to the samples");
  counts.flipped_labels = field["flipped_labels"].as_unsigned();
  if (std::optional<Field> withheld = field.find("withheld_labels"))
    counts.withheld_labels = withheld->as_unsigned();
  for (const auto& [name, count] : field["cars_per_train"].members())
    counts.cars_per_train[length_of(name, count)] = count.as_unsigned();
  for (const auto& [descriptor, histogram] : field["attributes"].members()) {
    auto& values = counts.attributes.emplace_back(descriptor, 0).second;
    values.clear();
    for (const auto& [value, count] : histogram.members())
      values.emplace_back(value, count.as_unsigned());
  }
  return counts;
}

DatasetManifest dataset_manifest_from_json(const Json& json, const JsonOrigin& origin) {
  Field field(json, origin);
  field.expect_object();
  DatasetManifest manifest;
  manifest.tool = field["tool"].as_name({"railyard"});
  manifest.version = field["version"].as_string();
  manifest.created = field["created"].as_string();
  manifest.seed = field["seed"].as_unsigned();
  manifest.rule = field["rule"].as_string();
  manifest.config = field["config"].as_string();
  if (std::optional<Field> inputs = field.find("inputs"); inputs && !inputs->json().is_null())
    manifest.inputs = input_files_from_json(*inputs);
  manifest.counts = dataset_counts_from_json(field["counts"]);
  manifest.coco_annotations = field["coco_annotations"].as_unsigned();
  if (std::optional<Field> listed = field.find("split_files")) {
    manifest.split_files.emplace();
    for (const auto& [name, check] : listed->members()) {
      if (!name.ends_with(".txt") || name.find('/') != std::string::npos)
        check.fail("not the name of a split file (<name>.txt in splits/)");
      manifest.split_files->push_back(
          {name, check["bytes"].as_unsigned(), hex_digest(check["sha256"])});
    }
  }
  if (std::optional<Field> listed = field.find("sequence_files")) {
    manifest.sequence_files.emplace();
    for (const auto& [name, check] : listed->members()) {
      if (name.empty() || name[0] == '.' || name.find('/') != std::string::npos)
        check.fail("not the name of a file in sequences/");
      manifest.sequence_files->push_back(
          {name, check["bytes"].as_unsigned(), hex_digest(check["sha256"])});
    }
  }
  if (std::optional<Field> records = field.find("records_sha256"))
    manifest.records_sha256 = hex_digest(*records);
  Field timing = field["timing"];
  manifest.timing = {timing["shards"].as_unsigned(), timing["wall_seconds_total"].as_number(),
                     timing["wall_seconds_longest"].as_number()};
  return manifest;
}

DatasetManifest read_dataset_manifest(const std::filesystem::path& file) {
  JsonOrigin origin{file.string()};
  return dataset_manifest_from_json(parse_ordered_json(read_file_text(file), origin), origin);
}

}  // namespace railyard
