// One pair of a pairs folder (railyard intervene): line p of pairs.jsonl, also kept as
// pairs/<p>.json, whose presence marks the pair as finished (written after both samples), which
// is what resume and sharding stand on.
//
// {"pair": p, "train": base train index, "base": p, "intervened": p (the sample index in base/
//  and intervened/), "operations": "swap_loads(1,3)", "kinds": ["swap_loads"] (one per operation,
//  one "set_<key>" per attribute a set assigns), "base_label": "west", "label": "east",
//  "flipped": true, "changes": "car 1: load_shape, ...",
//  "parts": [{"change": "added|removed|moved|altered", "kind", "car", "payload", "base_id",
//             "id"}],
//  "colour_difference": {"size": [h, w], "counts": RLE, "area", "spill_area"},
//  "part_difference": {"size": [h, w], "counts": RLE, "area"}}
// spill_area: colour-difference pixels outside the part difference dilated by a margin (the
// lighting's share; 0 with local_lighting). Masks are COCO compressed RLE. The pairs run makes
// the record from the rendered pair (tools/lib/dataset/pairs/pair_record.h).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "logic/train.h"
#include "scenes/part.h"
#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/formats/json_values.h"
#include "tools/lib/records/formats/record_members.h"
#include "util/enum_names.h"

namespace railyard {

// How a part differs between the two pictures (pair_difference.h says when each holds).
enum class PartChangeKind : std::uint8_t { Added, Removed, Moved, Altered };

inline constexpr auto kPartChangeNames =
    enum_names<PartChangeKind>({{PartChangeKind::Added, "added"},
                                {PartChangeKind::Removed, "removed"},
                                {PartChangeKind::Moved, "moved"},
                                {PartChangeKind::Altered, "altered"}});
constexpr const auto& record_enum(const PartChangeKind*) {  // "change" of a part
  return kPartChangeNames;
}

// A part that differs between the two pictures.
struct PairPart {
  PartChangeKind change = PartChangeKind::Altered;
  PartKind kind = PartKind::Body;
  int car = 0;                // in the intervened train; in the base train for a removed part
  int payload = -1;           // payload number for payloads
  std::uint32_t base_id = 0;  // part id in the base picture; 0 for an added part
  std::uint32_t id = 0;       // part id in the intervened picture; 0 for a removed part

  bool operator==(const PairPart&) const = default;
};
RAILYARD_RECORD(PairPart, change, kind, car, payload, base_id, id)

// A pixel mask of the pair and its area in pixels.
struct PairMask {
  Rle mask;
  std::uint64_t area = 0;

  bool operator==(const PairMask&) const = default;
};

struct PairRecord {
  std::uint64_t pair = 0;
  std::uint64_t train = 0;       // the base train's index
  std::uint64_t base = 0;        // the sample index in base/ (the pair's)
  std::uint64_t intervened = 0;  // the sample index in intervened/ (the pair's)
  std::string operations;        // "swap_loads(1,3)"
  std::vector<std::string> kinds;
  Direction base_label = Direction::West, label = Direction::West;
  bool flipped = false;  // label != base_label
  std::string changes;
  std::vector<PairPart> parts;
  PairMask colour_difference;
  std::uint64_t spill_area = 0;  // of the colour difference
  PairMask part_difference;

  bool operator==(const PairRecord&) const = default;
};

nlohmann::ordered_json to_json(const PairRecord& record);
// The bytes of pairs/<p>.json: the line of pairs.jsonl and a newline.
std::string pair_record_text(const PairRecord& record);

// Throws DatasetError naming `origin` (file, and line for pairs.jsonl) and the key when the JSON
// is not a pair record.
PairRecord pair_record_from_json(const nlohmann::json& json, const JsonOrigin& origin);

// Reads pairs/<p>.json. Throws DatasetError naming the file and the key when it is not the
// record of pair `expected_pair` (truncated, garbage, a key missing or of the wrong type, another
// pair's); IoError when it cannot be read.
PairRecord read_pair_record(const std::filesystem::path& file, std::uint64_t expected_pair);
// The same check of a record's text found at `where` (a member of a tar shard).
PairRecord pair_record_from_text(std::string_view text, const std::string& where,
                                 std::uint64_t expected_pair);

// Line `line_number` (1-based) of pairs.jsonl `file`, without its newline. Throws DatasetError
// naming "file:line" and the key when it is not a pair record.
PairRecord pair_record_from_line(std::string_view line, const std::filesystem::path& file,
                                 std::size_t line_number);

// A line of unpaired.jsonl: a base train the run tried that has no twin, and why.
//   {"train": base train index, "reason": "no operation applies: ..."}
struct UnpairedTrain {
  std::uint64_t train = 0;
  std::string reason;

  bool operator==(const UnpairedTrain&) const = default;
};
RAILYARD_RECORD(UnpairedTrain, train, reason)

std::string unpaired_line(const UnpairedTrain& unpaired);  // with its newline
// Throws DatasetError naming "file:line" and the key.
UnpairedTrain unpaired_from_line(std::string_view line, const std::filesystem::path& file,
                                 std::size_t line_number);

}  // namespace railyard
