// LTLf formulas and their automata (logic/ltlf/): railyard.Formula and railyard.Automaton's
// engine. Traces cross as letters, bitmasks over an atom order (bit i = atoms[i]); the package
// (python/railyard/sequences.py) turns steps given as sets or dicts of atom names into letters.
// A formula that does not parse, or an automaton that cannot be built, is a FormulaError (an
// InputError, so a ValueError) naming the column, atom or limit.
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "logic/ltlf/automaton.h"
#include "logic/ltlf/evaluate.h"
#include "logic/ltlf/formula.h"
#include "logic/ltlf/trace_text.h"
#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"

namespace railyard::python {
namespace {

using ltlf::Automaton;
using ltlf::Formula;
using ltlf::StateId;

// A state id of `automaton`, or IndexError naming it.
StateId state(const Automaton& automaton, std::int64_t s) {
  if (s < 0 || s >= automaton.state_count())
    throw py::index_error("state " + std::to_string(s) + " is not a state of the automaton (its " +
                          "states are 0.." + std::to_string(automaton.state_count() - 1) + ")");
  return static_cast<StateId>(s);
}

// A letter over `count` letters, or ValueError naming it.
std::uint32_t letter(std::uint64_t count, std::int64_t value) {
  if (value < 0 || static_cast<std::uint64_t>(value) >= count)
    throw py::value_error("letter " + std::to_string(value) + " is not a letter of the alphabet " +
                          "(its letters are 0.." + std::to_string(count - 1) + ")");
  return static_cast<std::uint32_t>(value);
}

std::vector<std::uint32_t> letters(std::uint64_t count, const std::vector<std::int64_t>& trace) {
  std::vector<std::uint32_t> out;
  out.reserve(trace.size());
  for (std::int64_t value : trace) out.push_back(letter(count, value));
  return out;
}

// The states a trace visits from the initial state: trace.size() + 1 of them.
std::vector<StateId> run(const Automaton& automaton, const std::vector<std::int64_t>& trace) {
  std::vector<StateId> states = {automaton.initial()};
  for (std::uint32_t l : letters(automaton.letter_count(), trace))
    states.push_back(automaton.next(states.back(), l));
  return states;
}

}  // namespace

void bind_ltlf(py::module_& m) {
  // A subclass of InputError (errors.cpp), registered after it so its translator is tried first.
  py::register_exception<ltlf::FormulaError>(m, "FormulaError", m.attr("InputError"))
      .attr("__doc__") =
      "An LTLf formula that does not parse (the message names the column and what was expected "
      "there), a trace naming an atom that is not in the alphabet, or an automaton over its "
      "limits. An InputError, so a ValueError.";

  py::class_<Formula>(m, "Formula", "An LTLf formula in flloat's syntax (logic/ltlf/formula.h).")
      .def(py::init([](const std::string& text) { return ltlf::parse_formula(text); }),
           py::arg("text"))
      .def_property_readonly("text", &Formula::text, "The source text.")
      .def_property_readonly("atoms", &Formula::atoms,
                             "Atom names in order of first appearance; letter bit i is atoms[i].")
      .def("canonical", py::overload_cast<>(&Formula::to_string, py::const_),
           "The canonical text: the fewest parentheses; it parses back to the same formula.")
      .def(
          "holds",
          [](const Formula& f, const std::vector<std::vector<std::int64_t>>& steps) {
            // Steps as the indices of their true atoms: any number of atoms fits.
            std::vector<std::vector<char>> truth(steps.size(),
                                                 std::vector<char>(f.atoms().size(), 0));
            for (std::size_t i = 0; i < steps.size(); ++i)
              for (std::int64_t atom : steps[i]) {
                if (atom < 0 || static_cast<std::uint64_t>(atom) >= f.atoms().size())
                  throw py::value_error("trace step " + std::to_string(i) + ": atom index " +
                                        std::to_string(atom) + " is not one of the formula's " +
                                        std::to_string(f.atoms().size()) + " atoms");
                truth[i][static_cast<std::size_t>(atom)] = 1;
              }
            py::gil_scoped_release unlocked;
            return ltlf::holds(f, steps.size(), [&](std::uint32_t atom, std::size_t i) {
              return truth[i][atom] != 0;
            });
          },
          py::arg("steps"),
          "Whether the trace (per step, the indices of the atoms true there) satisfies the "
          "formula, by its definition; linear in the trace's length.")
      .def(
          "automaton",
          [](const Formula& f, const std::vector<std::string>& atoms) {
            py::gil_scoped_release unlocked;
            return ltlf::build_automaton(f, atoms);
          },
          py::arg("atoms"),
          "The minimal DFA over the alphabet `atoms`, which holds every atom of the formula.");

  py::class_<Automaton>(m, "Automaton", "The minimal DFA of a formula (logic/ltlf/automaton.h).")
      .def_property_readonly("formula", &Automaton::formula)
      .def_property_readonly("atoms", &Automaton::atoms)
      .def_property_readonly("state_count", &Automaton::state_count)
      .def_property_readonly("initial", &Automaton::initial)
      .def_property_readonly("language",
                             [](const Automaton& a) { return ltlf::language_name(a.language()); })
      .def(
          "accepting", [](const Automaton& a, std::int64_t s) { return a.accepting(state(a, s)); },
          py::arg("state"))
      .def(
          "is_sink", [](const Automaton& a, std::int64_t s) { return a.is_sink(state(a, s)); },
          py::arg("state"))
      .def(
          "next",
          [](const Automaton& a, std::int64_t s, std::int64_t l) {
            return a.next(state(a, s), letter(a.letter_count(), l));
          },
          py::arg("state"), py::arg("letter"))
      .def("run", &run, py::arg("letters"), "The states visited: len(letters) + 1 of them.")
      .def(
          "relevant",
          [](const Automaton& a, std::int64_t s, std::int64_t l) {
            return a.relevant(state(a, s), letter(a.letter_count(), l));
          },
          py::arg("state"), py::arg("letter"),
          "The atoms (a bitmask) whose flip alone changes the transition taken.")
      .def(
          "letters",
          [](const Automaton& a, std::int64_t from, std::int64_t to) {
            return a.letters(state(a, from), state(a, to));
          },
          py::arg("from_state"), py::arg("to_state"))
      .def(
          "guard",
          [](const Automaton& a, std::int64_t from, std::int64_t to) {
            return a.guard(state(a, from), state(a, to));
          },
          py::arg("from_state"), py::arg("to_state"))
      .def("to_json", [](const Automaton& a) { return to_python(a.to_json()); })
      .def("to_text", &Automaton::to_text);

  m.def(
      "parse_trace",
      [](const std::string& text, const std::vector<std::string>& atoms) {
        return ltlf::parse_trace(text, atoms);
      },
      py::arg("text"), py::arg("atoms"),
      "A trace written as 'east,roofed; -; roofed' as letters over `atoms` (FormulaError naming "
      "the step and the atom).");
}

}  // namespace railyard::python
