// The background facts of trains in one logic vocabulary (logic_vocabulary.h): the text of
// Popper's bk.pl and the background part of Aleph's train.b. Facts are grouped by predicate, so
// SWI-Prolog reads them without discontiguous warnings, and are plain Datalog (atoms and
// integers only), so Popper's clingo pass over bk.pl can use them too.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "logic/train.h"
#include "tools/lib/export/export_options.h"

namespace railyard::exports {

class BackgroundFacts {
 public:
  // object_types: also collect Aleph's type facts train/1, car/1 (and load/1).
  BackgroundFacts(LogicVocabulary vocabulary, bool object_types);

  // The facts of one train; its constant is id, its cars id_c<k>, their loads id_c<k>_l<j>.
  // Cars must be numbered 1..N in order (check_examples).
  void add(std::string_view id, const Train& train);

  // Every predicate's facts in logic_predicates() order, each group headed by a comment, trains
  // in the order added. less_than/2 covers 0..the largest number any fact holds (at least 3).
  void append_facts(std::string& out) const;

  // Type facts: every train, car (and load) added, then the values of the constant types.
  void append_type_facts(std::string& out) const;

  // Whether a predicate (index into logic_predicates()) has any fact.
  bool has_facts(int predicate) const;

 private:
  void add_relational(std::string_view id, const Train& train);
  void add_michalski(std::string_view id, const Train& train);
  void fact(int predicate, std::string_view a);
  void fact(int predicate, std::string_view a, std::string_view b);
  void fact(int predicate, std::string_view a, std::string_view b, std::string_view c);
  void object(std::string& list, std::string_view type, std::string_view constant);

  LogicVocabulary vocabulary_;
  bool object_types_;
  std::vector<std::string> heads_;  // "name(" per predicate
  std::vector<std::string> facts_;  // the facts of each predicate
  std::string trains_, cars_, loads_;
  int largest_number_ = 3;
  std::vector<std::string> car_ids_;  // scratch for add()
};

}  // namespace railyard::exports
