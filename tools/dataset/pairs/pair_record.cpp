#include "tools/dataset/pairs/pair_record.h"

#include "logic/vocabulary.h"
#include "tools/records/annotations/rle.h"
#include "util/input_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

nlohmann::ordered_json mask_json(const Image<std::uint8_t>& mask, std::uint64_t area) {
  return {{"size", {mask.height, mask.width}},
          {"counts", rle_to_string(encode_mask(mask))},
          {"area", area}};
}

nlohmann::ordered_json part_json(const PartChange& part) {
  return {{"change", part_change_name(part.change)},
          {"kind", part_kind_name(part.kind)},
          {"car", part.car},
          {"payload", part.payload},
          {"base_id", part.base_id},
          {"id", part.id}};
}

}  // namespace

PairFile read_pair_file(const std::filesystem::path& file, std::uint64_t pair) {
  std::string text = read_file_text(file);
  auto json = nlohmann::ordered_json::parse(text, nullptr, false);
  auto fail = [&](const std::string& what) -> PairFile {
    throw InputError(file.string() + ": not the record of pair " + std::to_string(pair) + ": " +
                     what);
  };
  if (json.is_discarded() || !json.is_object()) return fail("not a JSON object (truncated?)");
  for (const char* key : {"pair", "train"})
    if (!json.contains(key) || !json[key].is_number_unsigned())
      return fail(std::string("key '") + key + "': expected a whole number");
  if (!json.contains("flipped") || !json["flipped"].is_boolean())
    return fail("key 'flipped': expected true or false");
  if (!json.contains("kinds") || !json["kinds"].is_array())
    return fail("key 'kinds': expected a list of operation kinds");
  PairFile out;
  out.pair = json["pair"].get<std::uint64_t>();
  out.train = json["train"].get<std::uint64_t>();
  out.flipped = json["flipped"].get<bool>();
  for (const auto& kind : json["kinds"]) {
    if (!kind.is_string()) return fail("key 'kinds': expected a list of operation kinds");
    out.kinds.push_back(kind.get<std::string>());
  }
  if (out.pair != pair) return fail("key 'pair' is " + std::to_string(out.pair));
  out.line = json.dump();
  return out;
}

std::vector<std::string> operation_kind_names(const std::vector<Operation>& operations) {
  std::vector<std::string> names;
  for (const Operation& op : operations) {
    if (op.kind != OperationKind::Set) {
      std::string text = format_operation(op);
      names.push_back(text.substr(0, text.find('(')));
      continue;
    }
    for (Descriptor d : kDescriptors)  // a set counts once per attribute it assigns
      if (op.assigned(d)) names.push_back("set_" + std::string(descriptor_key(d)));
  }
  return names;
}

nlohmann::ordered_json pair_json(std::uint64_t pair, std::uint64_t train,
                                 const Intervention& intervention,
                                 const PairDifference& difference) {
  nlohmann::ordered_json parts = nlohmann::ordered_json::array();
  for (const PartChange& part : difference.parts) parts.push_back(part_json(part));
  nlohmann::ordered_json colour = mask_json(difference.colour, difference.colour_area);
  colour["spill_area"] = difference.spill_area;
  return {{"pair", pair},
          {"train", train},
          {"base", pair},
          {"intervened", pair},
          {"operations", format_operations(intervention.operations)},
          {"kinds", operation_kind_names(intervention.operations)},
          {"base_label", name(intervention.base_label)},
          {"label", name(intervention.label)},
          {"flipped", intervention.flipped()},
          {"changes", format_changes(intervention)},
          {"parts", std::move(parts)},
          {"colour_difference", std::move(colour)},
          {"part_difference", mask_json(difference.part, difference.part_area)}};
}

}  // namespace railyard
