// Aleph's input for one split, in the conventions of Aleph's own trains example: train.b (mode
// and determination declarations, type facts, background facts), train.f (the positive
// examples, eastbound(t12).) and train.n (the negative ones, in the same form). Modes: +train
// and +car for the objects a fact is about, -car, -load and -int for what it leads to, #type
// for categorical values, whose type facts (color(yellow). ...) train.b lists. Aleph's settings
// are left to the user.
//
// A split of a sequence dataset has a second problem, its sequences (sequence_facts.h), in the
// same three files: train.b with :- modeh(1,accepted(+sequence)), the vocabulary's modes and
// those of the learnable sequence predicates (step(+sequence,-timestep,-train), ...), then the
// trains' facts and the sequences'; train.f and train.n: accepted(s3).
#pragma once

#include <vector>

#include "tools/lib/export/export_file.h"
#include "tools/lib/export/logic_split.h"
#include "tools/lib/export/sequence_facts.h"

namespace railyard::exports {

std::vector<ExportFile> aleph_files(LogicVocabulary vocabulary, const LogicSplit& split);

// The sequence problem: `split` holds the facts of the trains of the sequences' steps.
std::vector<ExportFile> aleph_sequence_files(LogicVocabulary vocabulary, const LogicSplit& split,
                                             const SequenceSplit& sequences);

}  // namespace railyard::exports
