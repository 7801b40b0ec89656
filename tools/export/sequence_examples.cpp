#include "tools/export/sequence_examples.h"

#include <algorithm>
#include <map>
#include <set>

#include "tools/export/export_options.h"

namespace railyard::exports {
namespace {

// A cube of a guard's DNF: (atom index, wanted value) pairs; empty for "true".
using Cube = std::vector<std::pair<std::size_t, bool>>;

std::vector<std::string> split_on(const std::string& text, std::string_view separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return parts;
    start = at + separator.size();
  }
}

std::vector<Cube> parse_guard(const std::string& guard, const std::vector<std::string>& atoms) {
  if (guard == "false") return {};
  if (guard == "true") return {Cube{}};
  std::vector<Cube> cubes;
  for (const std::string& disjunct : split_on(guard, " | ")) {
    Cube cube;
    for (std::string literal : split_on(disjunct, " & ")) {
      bool value = literal.empty() || literal.front() != '!';
      if (!value) literal.erase(0, 1);
      auto it = std::find(atoms.begin(), atoms.end(), literal);
      if (it == atoms.end())
        throw ExportError("automaton.json: guard '" + guard + "': '" + literal +
                          "' is not an atom of the alphabet");
      cube.emplace_back(static_cast<std::size_t>(it - atoms.begin()), value);
    }
    cubes.push_back(std::move(cube));
  }
  return cubes;
}

bool holds(const std::vector<Cube>& cubes, std::uint32_t letter) {
  return std::any_of(cubes.begin(), cubes.end(), [&](const Cube& cube) {
    return std::all_of(cube.begin(), cube.end(), [&](const auto& literal) {
      return ((letter >> literal.first) & 1u) == (literal.second ? 1u : 0u);
    });
  });
}

bool is_atom_name(const std::string& name) {
  return !name.empty() && name.front() >= 'a' && name.front() <= 'z' &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
         });
}

void check_automaton(const SequenceAutomaton& automaton) {
  if (automaton.atoms.size() > 16)
    throw ExportError("automaton.json: " + std::to_string(automaton.atoms.size()) +
                      " atoms; at most 16 are exported");
  for (const std::string& atom : automaton.atoms)
    if (!is_atom_name(atom))
      throw ExportError("automaton.json: atom '" + atom +
                        "' is not a constant (a lower-case letter, then letters, digits or _)");
  std::set<std::string> unique(automaton.atoms.begin(), automaton.atoms.end());
  if (unique.size() != automaton.atoms.size())
    throw ExportError("automaton.json: an atom is listed twice");
  std::size_t initial = 0;
  for (std::size_t s = 0; s < automaton.states.size(); ++s) {
    if (automaton.states[s].id != s)
      throw ExportError("automaton.json: state " + std::to_string(s) + " has id " +
                        std::to_string(automaton.states[s].id));
    initial += automaton.states[s].initial;
  }
  if (initial != 1)
    throw ExportError("automaton.json: " + std::to_string(initial) +
                      " initial states; the automaton has exactly one");
  std::uint32_t letters = 1u << automaton.atoms.size();
  for (const AutomatonTransition& t : automaton.transitions) {
    std::string name =
        "automaton.json: transition " + std::to_string(t.from) + " -> " + std::to_string(t.to);
    if (t.from >= automaton.states.size() || t.to >= automaton.states.size())
      throw ExportError(name + ": not between states of the automaton");
    std::vector<Cube> cubes = parse_guard(t.guard, automaton.atoms);
    std::set<std::uint32_t> via(t.letters.begin(), t.letters.end());
    for (std::uint32_t letter = 0; letter < letters; ++letter)
      if (holds(cubes, letter) != via.contains(letter))
        throw ExportError(name + ": guard '" + t.guard + "' disagrees with its letters at letter " +
                          std::to_string(letter));
  }
}

// The transition taken from `state` on `letter`, or nullptr.
const AutomatonTransition* taken(const SequenceAutomaton& automaton, std::uint32_t state,
                                 std::uint32_t letter) {
  for (const AutomatonTransition& t : automaton.transitions)
    if (t.from == state && std::find(t.letters.begin(), t.letters.end(), letter) != t.letters.end())
      return &t;
  return nullptr;
}

}  // namespace

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

std::string_view annotations_key(SequenceAnnotations annotations) {
  switch (annotations) {
    case SequenceAnnotations::Label: return "label";
    case SequenceAnnotations::Predicates: return "predicates";
    case SequenceAnnotations::States: return "states";
  }
  return "?";
}

std::vector<std::string> guard_terms(const std::string& guard,
                                     const std::vector<std::string>& atoms) {
  std::vector<std::string> terms;
  for (const Cube& cube : parse_guard(guard, atoms)) {
    if (cube.empty()) {
      terms.push_back("true");
      continue;
    }
    // and(a,and(b,c)) for three literals: right-nested, Datalog's function terms.
    std::string term;
    for (std::size_t i = 0; i < cube.size(); ++i) {
      std::string literal = step_predicate(atoms[cube[i].first]);
      if (!cube[i].second) literal = "neg(" + literal + ")";
      term += i + 1 < cube.size() ? "and(" + literal + "," : literal;
    }
    term.append(cube.size() - 1, ')');
    terms.push_back(std::move(term));
  }
  return terms;
}

void check_sequences(std::span<const Example> examples, const SequenceExamples& sequences) {
  const SequenceAutomaton& automaton = sequences.automaton;
  check_automaton(automaton);
  std::map<std::string, const Example*> by_id;
  for (const Example& example : examples) by_id.emplace(example_id(example), &example);
  for (std::size_t s = 0; s < automaton.states.size(); ++s)
    if (by_id.contains(state_constant(static_cast<std::uint32_t>(s))))
      throw ExportError("example id '" + state_constant(static_cast<std::uint32_t>(s)) +
                        "' is also a state of the automaton; choose another");
  std::vector<std::string> sorted_atoms = automaton.atoms;
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
    std::uint32_t state = 0;
    for (const AutomatonState& s : automaton.states)
      if (s.initial) state = s.id;
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
      for (std::size_t a = 0; a < automaton.atoms.size(); ++a)
        for (const auto& [atom, value] : step.predicates)
          if (atom == automaton.atoms[a] && value) letter |= 1u << a;
      if (step.state != state)
        throw ExportError(where + ": starts in state " + std::to_string(step.state) +
                          ", the automaton is in state " + std::to_string(state));
      const AutomatonTransition* transition = taken(automaton, step.state, letter);
      if (transition == nullptr || transition->to != step.next_state)
        throw ExportError(where + ": its predicates do not lead from state " +
                          std::to_string(step.state) + " to state " +
                          std::to_string(step.next_state));
      state = step.next_state;
    }
    if (automaton.states[state].accepting != sequence.accepted)
      throw ExportError(name + ": labelled " + (sequence.accepted ? "accepted" : "rejected") +
                        " but ends in state " + std::to_string(state));
  }
}

}  // namespace railyard::exports
