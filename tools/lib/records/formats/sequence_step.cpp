#include "tools/lib/records/formats/sequence_step.h"

#include <limits>

namespace railyard {

using Field = JsonField<nlohmann::json>;

nlohmann::ordered_json to_json(const SequenceStepRecord& step) {
  nlohmann::ordered_json predicates = nlohmann::ordered_json::object();
  for (const auto& [name, value] : step.predicates) predicates[name] = value;
  nlohmann::ordered_json json = {{"sequence", step.sequence},
                                 {"step", step.step},
                                 {"length", step.length},
                                 {"accepted", step.accepted},
                                 {"state", step.state},
                                 {"next_state", step.next_state},
                                 {"predicates", std::move(predicates)},
                                 {"relevant", step.relevant},
                                 {"origin", step.origin}};
  if (!step.edits.empty()) json["edits"] = step.edits;
  return json;
}

namespace {

std::uint32_t state_id(const Field& field) {
  std::uint64_t id = field.as_unsigned();
  if (id > std::numeric_limits<std::uint32_t>::max()) field.fail("not a state (too large)");
  return static_cast<std::uint32_t>(id);
}

}  // namespace

SequenceStepRecord sequence_step_from_json(const Field& field) {
  field.only_keys({"sequence", "step", "length", "accepted", "state", "next_state", "predicates",
                   "relevant", "origin", "edits"});
  SequenceStepRecord step;
  step.sequence = field["sequence"].as_unsigned();
  step.step = field["step"].as_unsigned();
  step.length = field["length"].as_unsigned();
  if (step.step >= step.length) field["step"].fail("not below the sequence's length");
  step.accepted = field["accepted"].as_bool();
  step.state = state_id(field["state"]);
  step.next_state = state_id(field["next_state"]);
  for (const auto& [name, value] : field["predicates"].members())
    step.predicates.emplace_back(name, value.as_bool());
  step.relevant = field["relevant"].as_strings();
  step.origin = field["origin"].as_name({"drawn", "edited", "redrawn"});
  if (auto edits = field.find("edits")) step.edits = edits->as_string();
  return step;
}

}  // namespace railyard
