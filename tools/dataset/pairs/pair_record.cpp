#include "tools/dataset/pairs/pair_record.h"

#include "logic/vocabulary.h"
#include "tools/dataset/annotations/rle.h"

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
