// The temporal sequences of a sequence dataset (issue #26) as the Popper and Aleph exports take
// them: plain typed data beside the examples (example.h), one example per step, read from the
// records and sequences/automaton.json (formats/automaton_file.h: logic/ltlf's automaton,
// rebuilt from the file's formula) by read_dataset_examples (dataset_examples.h).
//
// Constants: s<index> a sequence, q<id> a state of the automaton, times 0..length-1; a step's
// train keeps its example's constant (t<index>). A predicate of the formula's alphabet, name/1,
// is exported as p_<name>/1 over the trains, the dataset's own column names
// (sequence_<split>.csv), so it never meets a predicate of the vocabularies or of SWI-Prolog.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "logic/ltlf/automaton.h"
#include "tools/lib/export/example.h"
#include "tools/lib/records/formats/sequence_files.h"

namespace railyard::exports {

struct SequenceStep {
  std::string train;             // the id of the step's example (example_id)
  std::uint32_t state = 0;       // before this step
  std::uint32_t next_state = 0;  // after it
  std::vector<std::pair<std::string, bool>> predicates;  // every atom of the alphabet, by name
};

struct SequenceExample {
  std::uint64_t index = 0;  // the sequence's number: its constant is s<index>
  std::string split;        // every step's example is in this split
  bool accepted = false;    // the sequence label: the formula holds on it
  std::vector<SequenceStep> steps;
};

struct SequenceExamples {
  ltlf::Automaton automaton;
  std::vector<SequenceExample> sequences;  // in index order
  // What the split named "train" shows, as the dataset publishes it (sequence.train_annotations):
  // Label: the steps' trains and times; Predicates: plus the p_<name> facts; States: plus the
  // state trace. Every other split shows everything, as the dataset's sequence files do.
  SequenceAnnotations train_annotations = SequenceAnnotations::States;
};

// "s3", "q0", "p_roofed".
std::string sequence_constant(std::uint64_t index);
std::string state_constant(std::uint32_t id);
std::string step_predicate(std::string_view atom);

// What a split's sequence files show.
SequenceAnnotations shown_in(const SequenceExamples& sequences, std::string_view split);

// A transition's guard as Prolog terms over the exported predicates, one per disjunct:
// p & !q | r -> {"and(p_p,neg(p_q))", "p_r"}; true -> {"true"}; false -> {}.
std::vector<std::string> guard_terms(const std::vector<ltlf::GuardTerm>& guard,
                                     const std::vector<std::string>& atoms);

// Throws ExportError naming the sequence, step or key when the sequences do not fit the
// examples: a step whose train is no example, or an example of another split; a step whose
// predicates are not the alphabet or whose state is not a state; a
// sequence constant or state constant that is also an example's id; states that do not chain
// from the initial state by the automaton's transitions, or a label that disagrees with the last
// state.
void check_sequences(std::span<const Example> examples, const SequenceExamples& sequences);

}  // namespace railyard::exports
