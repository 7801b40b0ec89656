#include "tools/lib/records/pair_record.h"

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

}  // namespace

Json to_json(const PairRecord& record) {
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
          {"parts", record_json<Json>(record.parts)},
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
  read_record(field["base_label"], record.base_label);
  read_record(field["label"], record.label);
  record.flipped = field["flipped"].as_bool();
  if (record.flipped != (record.base_label != record.label))
    field["flipped"].fail(std::string("contradicts the labels (") +
                          std::string(name(record.base_label)) + " to " +
                          std::string(name(record.label)) + ")");
  record.changes = field["changes"].as_string();
  read_record(field["parts"], record.parts);
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
  return record_json<Json>(unpaired).dump() + "\n";
}

UnpairedTrain unpaired_from_line(std::string_view line, const std::filesystem::path& file,
                                 std::size_t line_number) {
  JsonOrigin origin{file.string(), line_number};
  nlohmann::json json = parse_json(line, origin);
  return record_from_json<UnpairedTrain>(JsonField(json, origin));
}

}  // namespace railyard
