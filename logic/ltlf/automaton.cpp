#include "logic/ltlf/automaton.h"

#include <algorithm>
#include <deque>
#include <map>
#include <string>

#include "logic/ltlf/guard_text.h"
#include "logic/ltlf/minimise.h"
#include "logic/ltlf/progression.h"
#include "util/printable_text.h"

namespace railyard::ltlf {
namespace {

void check_alphabet(const Formula& formula, const std::vector<std::string>& atom_order,
                    const AutomatonLimits& limits) {
  std::string name = quoted_formula(formula.text());
  if (atom_order.size() > limits.max_atoms)
    throw FormulaError(name + ": " + std::to_string(atom_order.size()) +
                       " atoms, more than the limit max_atoms (" +
                       std::to_string(limits.max_atoms) + ")");
  for (const std::string& atom : atom_order)
    if (!is_atom_name(atom))
      throw FormulaError(name + ": \"" + printable(atom) +
                         "\" in the alphabet is not an atom name ([a-z][a-z0-9_]*, not true, "
                         "false or last)");
  for (std::size_t i = 0; i < atom_order.size(); ++i)
    if (std::find(atom_order.begin(), atom_order.begin() + i, atom_order[i]) !=
        atom_order.begin() + i)
      throw FormulaError(name + ": atom \"" + printable(atom_order[i]) +
                         "\" is listed twice in the alphabet");
  for (const std::string& atom : formula.atoms())
    if (std::find(atom_order.begin(), atom_order.end(), atom) == atom_order.end())
      throw FormulaError(name + ": atom \"" + printable(atom) + "\" is not in the alphabet");
}

// The rows of `explored`, one per block, renumbered breadth first from the initial state.
std::vector<StateId> canonical_order(const ExploredDfa& explored,
                                     const std::vector<std::uint32_t>& block,
                                     std::vector<StateId>& representative) {
  std::uint32_t blocks = *std::max_element(block.begin(), block.end()) + 1;
  representative.assign(blocks, 0);
  for (std::size_t s = explored.accepting.size(); s-- > 0;) representative[block[s]] = s;
  std::vector<StateId> number(blocks, blocks);  // blocks: not yet numbered
  std::deque<std::uint32_t> queue{block[0]};
  number[block[0]] = 0;
  StateId count = 1;
  while (!queue.empty()) {
    std::uint32_t b = queue.front();
    queue.pop_front();
    for (std::uint32_t a = 0; a < explored.letter_count; ++a) {
      std::uint32_t t = block[explored.next[representative[b] * explored.letter_count + a]];
      if (number[t] == blocks) number[t] = count++, queue.push_back(t);
    }
  }
  return number;
}

}  // namespace

const char* language_name(Language language) {
  switch (language) {
    case Language::Empty: return "empty";
    case Language::Universal: return "universal";
    case Language::Proper: return "proper";
  }
  return "";
}

Automaton build_automaton(const Formula& formula, const std::vector<std::string>& atom_order,
                          const AutomatonLimits& limits) {
  check_alphabet(formula, atom_order, limits);
  Automaton dfa;
  dfa.formula_ = formula.text();
  dfa.atoms_ = atom_order;
  for (std::uint32_t i = 0; i < atom_order.size(); ++i)
    if (std::find(formula.atoms().begin(), formula.atoms().end(), atom_order[i]) !=
        formula.atoms().end())
      dfa.core_bits_.push_back(i);
  // The formula's atom i reads packed bit j, where core_bits_[j] is its place in the alphabet.
  std::vector<std::uint32_t> atom_bit;
  for (const std::string& atom : formula.atoms()) {
    auto place = static_cast<std::uint32_t>(std::find(atom_order.begin(), atom_order.end(), atom) -
                                            atom_order.begin());
    atom_bit.push_back(static_cast<std::uint32_t>(
        std::find(dfa.core_bits_.begin(), dfa.core_bits_.end(), place) - dfa.core_bits_.begin()));
  }
  auto core = static_cast<std::uint32_t>(dfa.core_bits_.size());
  ExploredDfa explored = explore_progression(formula, atom_bit, core, limits.max_states);

  std::vector<std::uint32_t> block =
      minimal_blocks(explored.next, explored.accepting, explored.letter_count);
  std::vector<StateId> representative;
  std::vector<StateId> number = canonical_order(explored, block, representative);
  std::size_t states = number.size();
  dfa.core_letter_count_ = explored.letter_count;
  dfa.next_.resize(states * explored.letter_count);
  dfa.accepting_.resize(states);
  dfa.sink_.resize(states);
  for (std::uint32_t b = 0; b < states; ++b) {
    StateId s = number[b];
    dfa.accepting_[s] = explored.accepting[representative[b]];
    bool loops = true;
    for (std::uint32_t a = 0; a < explored.letter_count; ++a) {
      StateId t = number[block[explored.next[representative[b] * explored.letter_count + a]]];
      dfa.next_[s * explored.letter_count + a] = t;
      loops = loops && t == s;
    }
    dfa.sink_[s] = loops;
  }

  dfa.projection_.resize(std::size_t{1} << atom_order.size());
  for (std::uint32_t letter = 0; letter < dfa.projection_.size(); ++letter)
    for (std::uint32_t j = 0; j < core; ++j)
      dfa.projection_[letter] |= ((letter >> dfa.core_bits_[j]) & 1u) << j;

  auto accepting = std::count(dfa.accepting_.begin(), dfa.accepting_.end(), 1);
  dfa.language_ = accepting == 0                                  ? Language::Empty
                  : static_cast<std::size_t>(accepting) == states ? Language::Universal
                                                                  : Language::Proper;
  return dfa;
}

std::uint32_t Automaton::relevant(StateId s, std::uint32_t letter) const {
  std::uint32_t mask = 0;
  StateId taken = next(s, letter);
  for (std::uint32_t bit : core_bits_)
    if (next(s, letter ^ (1u << bit)) != taken) mask |= 1u << bit;
  return mask;
}

std::vector<std::uint32_t> Automaton::letters(StateId from, StateId to) const {
  std::vector<std::uint32_t> result;
  for (std::uint32_t letter = 0; letter < letter_count(); ++letter)
    if (next(from, letter) == to) result.push_back(letter);
  return result;
}

std::string Automaton::guard(StateId from, StateId to) const {
  // Orphans never change a transition, so the formula's own atoms suffice.
  std::vector<char> member(core_letter_count_);
  for (std::uint32_t packed = 0; packed < core_letter_count_; ++packed)
    member[packed] = next_[from * core_letter_count_ + packed] == to;
  std::vector<std::string> names;
  for (std::uint32_t bit : core_bits_) names.push_back(atoms_[bit]);
  return guard_text(member, names);
}

std::vector<Automaton::Transition> Automaton::transitions_from(StateId from) const {
  std::map<StateId, Transition> by_target;
  for (std::uint32_t letter = 0; letter < letter_count(); ++letter) {
    Transition& t = by_target[next(from, letter)];
    t.letters.push_back(letter);
  }
  // The guards read the formula's own atoms: each target's packed letters as members.
  std::map<StateId, std::vector<std::uint32_t>> packed;
  for (std::uint32_t p = 0; p < core_letter_count_; ++p)
    packed[next_[from * core_letter_count_ + p]].push_back(p);
  std::vector<std::string> names;
  for (std::uint32_t bit : core_bits_) names.push_back(atoms_[bit]);
  std::vector<char> member(core_letter_count_, 0);
  std::vector<Transition> out;
  for (auto& [to, t] : by_target) {
    const std::vector<std::uint32_t>& minterms = packed[to];
    for (std::uint32_t p : minterms) member[p] = 1;
    t.to = to;
    t.terms = guard_terms(member, minterms, static_cast<std::uint32_t>(names.size()));
    t.guard = guard_text(t.terms, names);
    for (GuardTerm& term : t.terms)
      for (GuardLiteral& literal : term) literal.atom = core_bits_[literal.atom];
    for (std::uint32_t p : minterms) member[p] = 0;
    out.push_back(std::move(t));
  }
  return out;
}

nlohmann::ordered_json Automaton::to_json() const {
  nlohmann::ordered_json json;
  json["formula"] = formula_;
  json["atoms"] = atoms_;
  json["states"] = nlohmann::ordered_json::array();
  json["transitions"] = nlohmann::ordered_json::array();
  for (StateId s = 0; s < state_count(); ++s)
    json["states"].push_back({{"id", s},
                              {"initial", s == initial()},
                              {"accepting", accepting(s)},
                              {"sink", is_sink(s)}});
  for (StateId s = 0; s < state_count(); ++s)
    for (Transition& t : transitions_from(s))
      json["transitions"].push_back({{"from", s},
                                     {"to", t.to},
                                     {"guard", std::move(t.guard)},
                                     {"letters", std::move(t.letters)}});
  return json;
}

std::string Automaton::to_text() const {
  std::string text = "formula: " + formula_ + "\natoms:";
  for (const std::string& atom : atoms_) text += " " + atom;
  text += "\nstates: " + std::to_string(state_count()) + " (" + language_name(language_) +
          " language)\n";
  for (StateId s = 0; s < state_count(); ++s) {
    text += "  " + std::to_string(s);
    if (s == initial()) text += " initial";
    text += accepting(s) ? " accepting" : " rejecting";
    if (is_sink(s)) text += " sink";
    text += "\n";
  }
  text += "transitions:\n";
  for (StateId s = 0; s < state_count(); ++s)
    for (const Transition& t : transitions_from(s))
      text += "  " + std::to_string(s) + " -> " + std::to_string(t.to) + ": " + t.guard + "\n";
  return text;
}

}  // namespace railyard::ltlf
