// One pair's line of pairs.jsonl, also kept as pairs/<p>.json: its presence marks the pair as
// finished (written after both samples), which is what resume and sharding stand on.
//
// {"pair": p, "train": base train index, "base": p, "intervened": p (the sample index in base/
//  and intervened/), "operations": "swap_loads(1,3)", "kinds": ["swap_loads"] (pair_record.h),
//  "base_label": "west", "label": "east", "flipped": true, "changes": "car 1: load_shape, ...",
//  "parts": [{"change": "added|removed|moved|altered", "kind", "car", "payload", "base_id",
//             "id"}],
//  "colour_difference": {"size": [h, w], "counts": RLE, "area", "spill_area"},
//  "part_difference": {"size": [h, w], "counts": RLE, "area"}}
// spill_area: colour-difference pixels outside the part difference dilated by kEdgeMargin (the
// lighting's share; 0 with local_lighting). Masks are COCO compressed RLE.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "logic/intervention/intervention.h"
#include "tools/dataset/pairs/pair_difference.h"

namespace railyard {

nlohmann::ordered_json pair_json(std::uint64_t pair, std::uint64_t train,
                                 const Intervention& intervention,
                                 const PairDifference& difference);

// What the pairs run reads back from pairs/<p>.json: where the pair's samples are, and what the
// manifest counts. The line itself goes to pairs.jsonl as it is (`line`, without its newline).
struct PairFile {
  std::uint64_t pair = 0, train = 0;
  bool flipped = false;
  std::vector<std::string> kinds;
  std::string line;
};

// Reads pairs/<p>.json. Throws InputError naming the file and the key when it is not the record
// of pair `pair` (truncated, garbage, a key missing or of the wrong type, another pair's).
PairFile read_pair_file(const std::filesystem::path& file, std::uint64_t pair);

// The kind of each operation, in order: "swap_loads" for swap_loads(1,3), and one "set_<key>"
// per attribute a set assigns ("set_roof" for set(2, roof=none)).
std::vector<std::string> operation_kind_names(const std::vector<Operation>& operations);

}  // namespace railyard
