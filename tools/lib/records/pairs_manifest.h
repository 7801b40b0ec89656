// A pairs folder's manifest.json (railyard intervene), written last, once every pair is
// finished:
//
// {"tool": "railyard", "version", "mode" (the intervention mode), "config" (the run's config as
//  YAML text), "trains" (the base trains considered), "pairs", "unpaired" (trains without a
//  pair: unpaired.jsonl), "flip_rate": {"pairs", "flipped", "flip_rate"},
//  "flip_rate_by_operation": {kind: {...}} (by the kinds of pair records, ascending),
//  "flip_rate_by_rule": {rule: {...}}, "base": "<folder>", "intervened": "<folder>" (the two
//  sides, relative to the pairs folder)}
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tools/lib/records/formats/record_members.h"
#include "tools/lib/records/formats/tool_name.h"

namespace railyard {

// How many pairs of a group (all, an operation kind, a rule) flip the label.
struct FlipRate {
  std::uint64_t pairs = 0, flipped = 0;
  double flip_rate = 0.0;  // flipped / pairs; 0 without pairs

  FlipRate() = default;
  FlipRate(std::uint64_t pairs, std::uint64_t flipped);
  void add(bool flip);

  bool operator==(const FlipRate&) const = default;
};

struct PairsManifest {
  Tool tool = Tool::Railyard;
  std::string version;
  std::string mode;
  std::string config;  // the YAML text, as stored
  std::uint64_t trains = 0, pairs = 0, unpaired = 0;
  FlipRate flip_rate;
  std::map<std::string, FlipRate> flip_rate_by_operation;
  std::map<std::string, FlipRate> flip_rate_by_rule;
  std::string base, intervened;  // relative folders inside the pairs folder

  bool operator==(const PairsManifest&) const = default;
};

RAILYARD_RECORD(FlipRate, pairs, flipped, flip_rate)
RAILYARD_RECORD(PairsManifest, tool, version, mode, config, trains, pairs, unpaired, flip_rate,
                flip_rate_by_operation, flip_rate_by_rule, base, intervened)
// Beyond keys and types: flipped / pairs, the manifest's pairs, sides inside the pairs folder.
void check_record(const RecordPlace& at, const FlipRate& flips);
void check_record(const RecordPlace& at, const PairsManifest& manifest);

nlohmann::ordered_json to_json(const PairsManifest& manifest);
std::string pairs_manifest_text(const PairsManifest& manifest);  // the bytes of manifest.json
// Reads <pairs folder>/manifest.json: IoError when it cannot be read, DatasetError naming the
// file and the key when it is not a pairs manifest.
PairsManifest read_pairs_manifest(const std::filesystem::path& file);

}  // namespace railyard
