// The per-step predicates of a sequence dataset: each a unary Prolog predicate over the train term,
// proved by railyard's own engine (rule.h). A train's letter is the set of predicates it
// satisfies, as a bitmask (bit i: predicate i): the alphabet of the formula's automaton.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/rule.h"
#include "logic/train.h"

namespace railyard {

// A letter is a uint32 bitmask; the automaton refuses alphabets past this many atoms anyway.
inline constexpr std::size_t kMaxStepPredicates = 12;

struct NamedPredicate {
  std::string name;  // the atom in the formula
  Rule rule;         // proves name(Train) (or eastbound(Train) for a rule file)
};

class StepPredicates {
 public:
  // Throws RuleError when there are more than kMaxStepPredicates.
  explicit StepPredicates(std::vector<NamedPredicate> predicates);

  // The letter of `train`. Throws RuleError naming the predicate's rule when a proof fails.
  std::uint32_t letter(const Train& train);
  // An independent copy for another thread.
  StepPredicates clone() const { return *this; }

  const std::vector<std::string>& names() const { return names_; }
  std::size_t size() const { return names_.size(); }
  std::uint32_t letter_count() const { return 1u << names_.size(); }

 private:
  std::vector<std::string> names_;
  std::vector<Rule> rules_;
};

// "roofed & !heavy": the letter as a conjunction of every predicate, for messages and files.
std::string letter_text(const std::vector<std::string>& names, std::uint32_t letter);

}  // namespace railyard
