// The record of an intervention: the train its operations give and what became of every car
// (intervention.h). Shared by all modes.
#pragma once

#include <vector>

#include "logic/intervention/intervention.h"

namespace railyard {

// `operations` must apply to `base` in order (the modes check first); throws std::logic_error
// otherwise. `label` is the rule's label of the resulting train.
Intervention record_intervention(const Train& base, std::vector<Operation> operations,
                                 Direction base_label, Direction label);

}  // namespace railyard
