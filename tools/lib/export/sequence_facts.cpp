#include "tools/lib/export/sequence_facts.h"

#include <algorithm>

namespace railyard::exports {
namespace {

constexpr ArgumentMode kIn = ArgumentMode::Input, kOut = ArgumentMode::Output;

SequencePredicate predicate(std::string name, std::vector<Argument> arguments,
                            bool learnable = false, bool many_answers = false) {
  return {std::move(name), std::move(arguments), many_answers, learnable, {}};
}

void fact(SequencePredicate& p, std::initializer_list<std::string_view> arguments) {
  p.facts.append(p.name).append("(");
  bool first = true;
  for (std::string_view a : arguments) {
    if (!first) p.facts += ',';
    p.facts.append(a);
    first = false;
  }
  p.facts.append(").\n");
}

}  // namespace

SequenceFacts::SequenceFacts(const ltlf::Automaton& automaton, SequenceAnnotations shown)
    : shown_(shown), atoms_(automaton.atoms()) {
  std::sort(atoms_.begin(), atoms_.end());
  predicates_.push_back(predicate("sequence", {{"sequence", kIn}}));
  predicates_.push_back(
      predicate("step", {{"sequence", kIn}, {"timestep", kOut}, {"train", kOut}}, true, true));
  predicates_.push_back(predicate("first_step", {{"sequence", kIn}, {"timestep", kOut}}, true));
  predicates_.push_back(
      predicate("next_step", {{"sequence", kIn}, {"timestep", kIn}, {"timestep", kOut}}, true));
  predicates_.push_back(predicate("last_step", {{"sequence", kIn}, {"timestep", kOut}}, true));
  predicates_.push_back(predicate("timestep", {{"timestep", kIn}}));
  if (shown >= SequenceAnnotations::Predicates)
    for (const std::string& atom : atoms_)
      predicates_.push_back(predicate(step_predicate(atom), {{"train", kIn}}, true));
  predicates_.push_back(predicate("state", {{"state", kIn}}));
  predicates_.push_back(predicate("initial_state", {{"state", kIn}}));
  predicates_.push_back(predicate("accepting_state", {{"state", kIn}}));
  predicates_.push_back(predicate("sink_state", {{"state", kIn}}));
  predicates_.push_back(
      predicate("transition", {{"state", kIn}, {"state", kOut}, {"guard", kOut}}));
  if (shown >= SequenceAnnotations::States)
    predicates_.push_back(
        predicate("state_after", {{"sequence", kIn}, {"timestep", kIn}, {"state", kOut}}));

  for (ltlf::StateId s = 0; s < automaton.state_count(); ++s) {
    std::string q = state_constant(s);
    fact(at("state"), {q});
    if (s == automaton.initial()) fact(at("initial_state"), {q});
    if (automaton.accepting(s)) fact(at("accepting_state"), {q});
    if (automaton.is_sink(s)) fact(at("sink_state"), {q});
  }
  for (ltlf::StateId s = 0; s < automaton.state_count(); ++s)
    for (const ltlf::Automaton::Transition& t : automaton.transitions_from(s))
      for (const std::string& guard : guard_terms(t.terms, automaton.atoms()))
        fact(at("transition"), {state_constant(s), state_constant(t.to), guard});
}

SequencePredicate& SequenceFacts::at(std::string_view name) {
  return *std::find_if(predicates_.begin(), predicates_.end(),
                       [&](const SequencePredicate& p) { return p.name == name; });
}

void SequenceFacts::add(const SequenceExample& sequence) {
  std::string s = sequence_constant(sequence.index);
  std::size_t n = sequence.steps.size();
  longest_ = std::max(longest_, n);
  fact(at("sequence"), {s});
  std::vector<std::string> times(n);
  for (std::size_t t = 0; t < n; ++t) times[t] = std::to_string(t);
  for (std::size_t t = 0; t < n; ++t) fact(at("step"), {s, times[t], sequence.steps[t].train});
  fact(at("first_step"), {s, times[0]});
  for (std::size_t t = 0; t + 1 < n; ++t) fact(at("next_step"), {s, times[t], times[t + 1]});
  fact(at("last_step"), {s, times[n - 1]});
  if (shown_ >= SequenceAnnotations::Predicates)
    for (const SequenceStep& step : sequence.steps)
      for (const auto& [atom, value] : step.predicates)
        if (value) fact(at(step_predicate(atom)), {step.train});
  if (shown_ >= SequenceAnnotations::States)
    for (std::size_t t = 0; t < n; ++t)
      fact(at("state_after"), {s, times[t], state_constant(sequence.steps[t].next_state)});
}

void SequenceFacts::append_facts(std::string& out) const {
  for (const SequencePredicate& p : predicates_) {
    out.append("% ").append(p.name).append("(");
    for (std::size_t a = 0; a < p.arguments.size(); ++a)
      out.append(a == 0 ? "" : ", ").append(p.arguments[a].type);
    out.append(")\n");
    if (p.name == "timestep") {
      for (std::size_t t = 0; t < longest_; ++t)
        out.append("timestep(").append(std::to_string(t)).append(").\n");
      continue;
    }
    out.append(p.facts);
  }
}

Predicate SequenceFacts::as_predicate(const SequencePredicate& predicate) {
  return {predicate.name, predicate.arguments, predicate.many_answers};
}

SequenceSplit build_sequence_split(const SequenceExamples& sequences, std::string_view split) {
  SequenceSplit out(sequences.automaton, shown_in(sequences, split));
  for (const SequenceExample& sequence : sequences.sequences) {
    if (sequence.split != split) continue;
    out.facts.add(sequence);
    (sequence.accepted ? out.positives : out.negatives)
        .push_back(sequence_constant(sequence.index));
  }
  return out;
}

}  // namespace railyard::exports
