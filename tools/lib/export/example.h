// The input of every exporter: the examples of a dataset, a suite variant or both sides of
// intervention pairs, as plain typed data that does not depend on how a dataset stores them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/train.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard::exports {

struct Example {
  std::uint64_t index = 0;  // the dataset index i; keys the perception noise
  // The train's constant in the logic exports and its node id in scene graphs: a lower-case
  // letter, then letters, digits and '_' ("t12", "t12_cf"). Empty means "t<index>".
  std::string id;
  LabelledTrain train;            // label: the dataset's published label, exported as is
  std::string split;              // train, val, test, ...: the subfolder the example goes to
  std::string image;              // the image file name; with a part id it references a part's mask
  std::vector<PartRecord> parts;  // scene graphs only (the sample record's); empty without images
};

// id, or "t<index>" when id is empty.
std::string example_id(const Example& example);

}  // namespace railyard::exports
