// Aleph's input for one split, in the conventions of Aleph's own trains example: train.b (mode
// and determination declarations, type facts, background facts), train.f (the positive
// examples, eastbound(t12).) and train.n (the negative ones, in the same form). Modes: +train
// and +car for the objects a fact is about, -car, -load and -int for what it leads to, #type
// for categorical values, whose type facts (color(yellow). ...) train.b lists. Aleph's settings
// are left to the user.
#pragma once

#include <vector>

#include "tools/export/export_file.h"
#include "tools/export/logic_split.h"

namespace railyard::exports {

std::vector<ExportFile> aleph_files(LogicVocabulary vocabulary, const LogicSplit& split);

}  // namespace railyard::exports
