// The `compositions:` key of a dataset config (config.h); train_plan.h plans them.
#pragma once

#include <cstddef>

#include "util/enum_names.h"

namespace railyard {

// GraphLog's unseen compositions: how many clauses (concepts) of the rule's eastbound/1 an east
// train of a split satisfies, each clause alone (Rule::clauses_proved). West trains are free.
enum class Composition { Any, Single, Several };  // any | exactly one | two or more
inline constexpr auto kCompositionNames =
    enum_names<Composition>({{Composition::Any, "any"},
                             {Composition::Single, "single"},
                             {Composition::Several, "several"}});

struct Compositions {
  Composition train = Composition::Any;
  Composition val = Composition::Any;
  Composition test = Composition::Any;

  // The requirement of split 0 (train), 1 (val) or 2 (test).
  Composition of(std::size_t split) const { return split == 0 ? train : split == 1 ? val : test; }
  bool operator==(const Compositions&) const = default;
};

}  // namespace railyard
