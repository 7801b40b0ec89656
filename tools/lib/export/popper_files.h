// Popper's input for one split (https://github.com/logic-and-learning-lab/Popper): bk.pl, the
// background facts; exs.pl, pos(eastbound(t12)). and neg(eastbound(t3)). facts; bias.pl, the
// head and body predicates with type/2 and direction/2 for every one (Popper refuses partial
// directions) and max_vars, max_body and max_clauses. Popper reads bias.pl with clingo, so it is
// written in clingo's syntax: a unary type is the 1-tuple (car,), which Prolog cannot read.
//
// A split of a sequence dataset has a second problem, its sequences (sequence_facts.h), in the
// same three files: bk.pl, the trains' facts then the sequences'; exs.pl, pos(accepted(s3)). and
// neg(accepted(s5)).; bias.pl, head accepted/1 and as body predicates the vocabulary's and the
// learnable sequence predicates that have facts in the split.
#pragma once

#include <vector>

#include "tools/lib/export/export_file.h"
#include "tools/lib/export/logic_split.h"
#include "tools/lib/export/sequence_facts.h"

namespace railyard::exports {

std::vector<ExportFile> popper_files(LogicVocabulary vocabulary, const LogicSplit& split);

// The bias alone; it does not depend on the examples.
std::string popper_bias(LogicVocabulary vocabulary);

// The sequence problem: `split` holds the facts of the trains of the sequences' steps.
std::vector<ExportFile> popper_sequence_files(LogicVocabulary vocabulary, const LogicSplit& split,
                                              const SequenceSplit& sequences);

}  // namespace railyard::exports
