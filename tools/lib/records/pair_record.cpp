#include "tools/lib/records/pair_record.h"

#include <algorithm>
#include <limits>

#include "logic/vocabulary.h"
#include "tools/lib/records/formats/json_values.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

Json mask_json(const PairMask& mask) {
  Json json = rle_json(mask.mask);
  json["area"] = mask.area;
  return json;
}

PairMask mask_from_json(const Field& field) {
  return {rle_from_json(field), field["area"].as_unsigned()};
}

std::uint32_t part_id(const Field& field) {
  std::uint64_t id = field.as_unsigned();
  if (id > std::numeric_limits<std::uint32_t>::max()) field.fail("not a part id (too large)");
  return static_cast<std::uint32_t>(id);
}

PairPart part_from_json(const Field& field) {
  PairPart part;
  std::string change = field["change"].as_name(
      {kPartChangeNames[0], kPartChangeNames[1], kPartChangeNames[2], kPartChangeNames[3]});
  part.change = static_cast<PartChangeKind>(
      std::find(kPartChangeNames.begin(), kPartChangeNames.end(), change) -
      kPartChangeNames.begin());
  part.kind = part_kind_from_json(field["kind"]);
  part.car = field["car"].as_int();
  part.payload = field["payload"].as_int();
  part.base_id = part_id(field["base_id"]);
  part.id = part_id(field["id"]);
  return part;
}

}  // namespace

Json to_json(const PairRecord& record) {
  Json parts = Json::array();
  for (const PairPart& part : record.parts)
    parts.push_back({{"change", part_change_name(part.change)},
                     {"kind", part_kind_name(part.kind)},
                     {"car", part.car},
                     {"payload", part.payload},
                     {"base_id", part.base_id},
                     {"id", part.id}});
  Json colour = mask_json(record.colour_difference);
  colour["spill_area"] = record.spill_area;
  return {{"pair", record.pair},
          {"train", record.train},
          {"base", record.base},
          {"intervened", record.intervened},
          {"operations", record.operations},
          {"kinds", record.kinds},
          {"base_label", name(record.base_label)},
          {"label", name(record.label)},
          {"flipped", record.flipped},
          {"changes", record.changes},
          {"parts", std::move(parts)},
          {"colour_difference", std::move(colour)},
          {"part_difference", mask_json(record.part_difference)}};
}

std::string pair_record_text(const PairRecord& record) {
  return to_json(record).dump() + "\n";
}

PairRecord pair_record_from_json(const nlohmann::json& json, const JsonOrigin& origin) {
  Field field(json, origin);
  PairRecord record;
  record.pair = field["pair"].as_unsigned();
  record.train = field["train"].as_unsigned();
  record.base = field["base"].as_unsigned();
  record.intervened = field["intervened"].as_unsigned();
  record.operations = field["operations"].as_string();
  record.kinds = field["kinds"].as_strings();
  record.base_label = direction_from_json(field["base_label"]);
  record.label = direction_from_json(field["label"]);
  record.flipped = field["flipped"].as_bool();
  if (record.flipped != (record.base_label != record.label))
    field["flipped"].fail(std::string("contradicts the labels (") +
                          std::string(name(record.base_label)) + " to " +
                          std::string(name(record.label)) + ")");
  record.changes = field["changes"].as_string();
  for (const Field& part : field["parts"].items()) record.parts.push_back(part_from_json(part));
  Field colour = field["colour_difference"];
  record.colour_difference = mask_from_json(colour);
  record.spill_area = colour["spill_area"].as_unsigned();
  record.part_difference = mask_from_json(field["part_difference"]);
  return record;
}

PairRecord read_pair_record(const std::filesystem::path& file, std::uint64_t expected_pair) {
  return pair_record_from_text(read_file_text(file), file.string(), expected_pair);
}

PairRecord pair_record_from_text(std::string_view text, const std::string& where,
                                 std::uint64_t expected_pair) {
  JsonOrigin origin{where};
  PairRecord record = pair_record_from_json(parse_json(text, origin), origin);
  if (record.pair != expected_pair)
    fail_at(origin, "pair",
            "is " + std::to_string(record.pair) + ": not the record of pair " +
                std::to_string(expected_pair));
  return record;
}

PairRecord pair_record_from_line(std::string_view line, const std::filesystem::path& file,
                                 std::size_t line_number) {
  JsonOrigin origin{file.string(), line_number};
  return pair_record_from_json(parse_json(line, origin), origin);
}

std::string unpaired_line(const UnpairedTrain& unpaired) {
  return nlohmann::ordered_json{{"train", unpaired.train}, {"reason", unpaired.reason}}.dump() +
         "\n";
}

UnpairedTrain unpaired_from_line(std::string_view line, const std::filesystem::path& file,
                                 std::size_t line_number) {
  JsonOrigin origin{file.string(), line_number};
  nlohmann::json json = parse_json(line, origin);
  JsonField<nlohmann::json> field(json, origin);
  field.only_keys({"train", "reason"});
  return {field["train"].as_unsigned(), field["reason"].as_string()};
}

}  // namespace railyard
