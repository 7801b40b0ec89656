#include "tools/lib/records/formats/sequence_step.h"

namespace railyard {

nlohmann::ordered_json to_json(const SequenceStepRecord& step) {
  return record_json<nlohmann::ordered_json>(step);
}

void check_record(const RecordPlace& at, const SequenceStepRecord& step) {
  if (step.step >= step.length) at["step"].fail("not below the sequence's length");
}

}  // namespace railyard
