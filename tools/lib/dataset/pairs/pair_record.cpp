#include "tools/lib/dataset/pairs/pair_record.h"

#include "logic/vocabulary.h"
#include "tools/lib/records/annotations/rle.h"

namespace railyard {

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

PairRecord make_pair_record(std::uint64_t pair, std::uint64_t train,
                            const Intervention& intervention, const PairDifference& difference) {
  PairRecord record;
  record.pair = pair;
  record.train = train;
  record.base = pair;
  record.intervened = pair;
  record.operations = format_operations(intervention.operations);
  record.kinds = operation_kind_names(intervention.operations);
  record.base_label = intervention.base_label;
  record.label = intervention.label;
  record.flipped = intervention.flipped();
  record.changes = format_changes(intervention);
  record.parts = difference.parts;
  record.colour_difference = {encode_mask(difference.colour), difference.colour_area};
  record.spill_area = difference.spill_area;
  record.part_difference = {encode_mask(difference.part), difference.part_area};
  return record;
}

}  // namespace railyard
