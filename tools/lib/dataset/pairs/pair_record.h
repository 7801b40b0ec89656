// A rendered pair as its record (tools/lib/records/pair_record.h): line p of pairs.jsonl, also kept
// as pairs/<p>.json, whose presence marks the pair as finished.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/intervention/intervention.h"
#include "tools/lib/dataset/pairs/pair_difference.h"
#include "tools/lib/records/pair_record.h"
#include "tools/lib/records/pairs_manifest.h"  // for the pairs run, which writes both

namespace railyard {

// Pair `pair` of base train `train`: its samples are sample `pair` of both sides.
PairRecord make_pair_record(std::uint64_t pair, std::uint64_t train,
                            const Intervention& intervention, const PairDifference& difference);

// The kind of each operation, in order: "swap_loads" for swap_loads(1,3), and one "set_<key>"
// per attribute a set assigns ("set_roof" for set(2, roof=none)).
std::vector<std::string> operation_kind_names(const std::vector<Operation>& operations);

}  // namespace railyard
