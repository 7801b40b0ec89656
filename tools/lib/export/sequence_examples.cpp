#include "tools/lib/export/sequence_examples.h"

#include <algorithm>
#include <map>
#include <set>

#include "tools/lib/export/export_options.h"

namespace railyard::exports {
std::string sequence_constant(std::uint64_t index) {
  std::string id = "s";
  id += std::to_string(index);
  return id;
}

std::string state_constant(std::uint32_t id) {
  std::string constant = "q";
  constant += std::to_string(id);
  return constant;
}

std::string step_predicate(std::string_view atom) {
  std::string name = "p_";
  name += atom;
  return name;
}

SequenceAnnotations shown_in(const SequenceExamples& sequences, std::string_view split) {
  return split == "train" ? sequences.train_annotations : SequenceAnnotations::States;
}

std::vector<std::string> guard_terms(const std::vector<ltlf::GuardTerm>& guard,
                                     const std::vector<std::string>& atoms) {
  std::vector<std::string> terms;
  for (const ltlf::GuardTerm& cube : guard) {
    if (cube.empty()) {
      terms.push_back("true");
      continue;
    }
    // and(a,and(b,c)) for three literals: right-nested, Datalog's function terms.
    std::string term;
    for (std::size_t i = 0; i < cube.size(); ++i) {
      std::string literal = step_predicate(atoms[cube[i].atom]);
      if (!cube[i].positive) literal = "neg(" + literal + ")";
      term += i + 1 < cube.size() ? "and(" + literal + "," : literal;
    }
    term.append(cube.size() - 1, ')');
    terms.push_back(std::move(term));
  }
  return terms;
}

void check_sequences(std::span<const Example> examples, const SequenceExamples& sequences) {
  const ltlf::Automaton& automaton = sequences.automaton;
  std::map<std::string, const Example*> by_id;
  for (const Example& example : examples) by_id.emplace(example_id(example), &example);
  for (ltlf::StateId s = 0; s < automaton.state_count(); ++s)
    if (by_id.contains(state_constant(s)))
      throw ExportError("example id '" + state_constant(s) +
                        "' is also a state of the automaton; choose another");
  std::vector<std::string> sorted_atoms = automaton.atoms();
  std::sort(sorted_atoms.begin(), sorted_atoms.end());
  std::set<std::uint64_t> seen;
  std::set<std::string> used;
  for (const SequenceExample& sequence : sequences.sequences) {
    std::string name = "sequence " + std::to_string(sequence.index);
    if (!seen.insert(sequence.index).second) throw ExportError(name + " is listed twice");
    if (by_id.contains(sequence_constant(sequence.index)))
      throw ExportError("example id '" + sequence_constant(sequence.index) +
                        "' is also the constant of " + name + "; choose another");
    if (sequence.steps.empty()) throw ExportError(name + " has no steps");
    ltlf::StateId state = automaton.initial();
    for (std::size_t t = 0; t < sequence.steps.size(); ++t) {
      const SequenceStep& step = sequence.steps[t];
      std::string where = name + ", step " + std::to_string(t);
      auto example = by_id.find(step.train);
      if (example == by_id.end())
        throw ExportError(where + ": train '" + step.train + "' is not an example");
      if (example->second->split != sequence.split)
        throw ExportError(where + ": train " + step.train + " is in split '" +
                          example->second->split + "', the sequence in '" + sequence.split + "'");
      if (!used.insert(step.train).second)
        throw ExportError(where + ": train " + step.train + " is a step of another sequence too");
      std::vector<std::string> names;
      std::uint32_t letter = 0;
      for (const auto& [atom, value] : step.predicates) names.push_back(atom);
      if (names != sorted_atoms)
        throw ExportError(where + ": its predicates are not the automaton's atoms");
      for (std::size_t a = 0; a < automaton.atoms().size(); ++a)
        for (const auto& [atom, value] : step.predicates)
          if (atom == automaton.atoms()[a] && value) letter |= 1u << a;
      if (step.state != state)
        throw ExportError(where + ": starts in state " + std::to_string(step.state) +
                          ", the automaton is in state " + std::to_string(state));
      if (automaton.next(step.state, letter) != step.next_state)
        throw ExportError(where + ": its predicates do not lead from state " +
                          std::to_string(step.state) + " to state " +
                          std::to_string(step.next_state));
      state = step.next_state;
    }
    if (automaton.accepting(state) != sequence.accepted)
      throw ExportError(name + ": labelled " + (sequence.accepted ? "accepted" : "rejected") +
                        " but ends in state " + std::to_string(state));
  }
}

}  // namespace railyard::exports
