// A sample's place in a temporal sequence (issue #26): which sequence, which step, the automaton's
// transition taken there and every predicate's truth value, each marked relevant when flipping it
// alone would have changed the transition (LTLZinc's annotations). It rides in the sample's record
// (records/<i>.json, key "sequence"), so every sequence-wide file is remade from records alone.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "logic/sequences/sequence_sampler.h"
#include "tools/lib/records/formats/record_members.h"

namespace railyard {

struct SequenceStepRecord {
  std::uint64_t sequence = 0;
  std::uint64_t step = 0;    // 0-based time
  std::uint64_t length = 0;  // the sequence's steps
  bool accepted = false;     // the sequence's label: the formula holds on it
  std::uint32_t state = 0;   // the automaton's state before this step
  std::uint32_t next_state = 0;
  std::vector<std::pair<std::string, bool>> predicates;  // by name
  std::vector<std::string> relevant;  // predicates whose flip alone changes next_state
  StepOrigin origin = StepOrigin::Drawn;
  OptionalKey<std::string> edits;  // edited: the operations from the previous step

  bool operator==(const SequenceStepRecord&) const = default;
};

constexpr const auto& record_enum(const StepOrigin*) {
  return kStepOriginNames;
}
RAILYARD_RECORD(SequenceStepRecord, sequence, step, length, accepted, state, next_state, predicates,
                relevant, origin, edits)
void check_record(const RecordPlace& at, const SequenceStepRecord& step);  // step < length

nlohmann::ordered_json to_json(const SequenceStepRecord& step);

}  // namespace railyard
