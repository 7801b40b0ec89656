// The facts of temporal sequences (sequence_examples.h) that the sequence problem of a Popper or
// Aleph export adds to its trains' facts, grouped by predicate like background_facts.h (each
// group headed by a comment) and plain Datalog but for the guards of transition/3 (function
// terms, which clingo grounds too):
//
//   sequence(S)                    every sequence
//   step(S, T, X)                  at time T (0-based) sequence S shows train X
//   first_step(S, T)               T = 0
//   next_step(S, T, T1)            T1 = T + 1, both times of S
//   last_step(S, T)                T = length - 1
//   timestep(T)                    every time some sequence has
//   p_<atom>(X)                    the atom holds at the step showing train X (true values only;
//                                  shown at the annotation level predicates and above)
//   state(Q), initial_state(Q), accepting_state(Q), sink_state(Q)     the automaton's states
//   transition(Q, Q1, Guard)       one fact per disjunct of the guard's DNF: true,
//                                  p_a, neg(p_a), and(p_a,neg(p_b)) ... (sequence_examples.h)
//   state_after(S, T, Q)           the state after step T (the state trace; shown at the level
//                                  states)
//
// Learnable predicates (Popper's body_pred, Aleph's modeb): step/3, first_step/2, next_step/3,
// last_step/2 and the p_<atom>/1 shown. The automaton and the state trace are facts to use and
// check, not offered to the learner: with them accepted/1 is a lookup.
#pragma once

#include <string>
#include <vector>

#include "tools/lib/export/logic_vocabulary.h"
#include "tools/lib/export/sequence_examples.h"

namespace railyard::exports {

struct SequencePredicate {
  std::string name;
  std::vector<Argument> arguments;  // types: sequence, timestep, train, state, guard
  bool many_answers = false;        // Aleph recall *
  bool learnable = false;           // in Popper's bias and Aleph's modes
  std::string facts;
};

class SequenceFacts {
 public:
  // The automaton's facts are added here; `shown` says which step facts add() writes.
  SequenceFacts(const ltlf::Automaton& automaton, SequenceAnnotations shown);

  // A sequence's facts; steps' trains by their constants.
  void add(const SequenceExample& sequence);

  // Every predicate's facts in the order of predicates(), each group headed by a comment.
  void append_facts(std::string& out) const;

  // In the order their facts appear. Predicate views into this object: it must outlive them.
  const std::vector<SequencePredicate>& predicates() const { return predicates_; }
  static Predicate as_predicate(const SequencePredicate& predicate);

 private:
  SequencePredicate& at(std::string_view name);

  SequenceAnnotations shown_;
  std::vector<std::string> atoms_;
  std::vector<SequencePredicate> predicates_;
  std::size_t longest_ = 0;
};

// The sequence problem of one split: its sequences' facts and their labels.
struct SequenceSplit {
  SequenceSplit(const ltlf::Automaton& automaton, SequenceAnnotations shown)
      : facts(automaton, shown), shown(shown) {}

  SequenceFacts facts;
  SequenceAnnotations shown;
  std::vector<std::string> positives;  // constants of accepted sequences, in input order
  std::vector<std::string> negatives;  // of rejected ones
};

// The sequences of `split`, showing what shown_in() says.
SequenceSplit build_sequence_split(const SequenceExamples& sequences, std::string_view split);

}  // namespace railyard::exports
