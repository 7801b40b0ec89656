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

#include "tools/lib/records/json/json_fields.h"

namespace railyard {

// How many pairs of a group (all, an operation kind, a rule) flip the label.
struct FlipRate {
  std::uint64_t pairs = 0, flipped = 0;

  void add(bool flip) {
    ++pairs;
    flipped += flip;
  }
  double rate() const;  // flipped / pairs; 0 without pairs

  bool operator==(const FlipRate&) const = default;
};

struct PairsManifest {
  std::string tool = "railyard";
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

nlohmann::ordered_json to_json(const PairsManifest& manifest);
std::string pairs_manifest_text(const PairsManifest& manifest);  // the bytes of manifest.json

// Throws DatasetError naming `origin` and the key when the JSON is not a pairs manifest (a key
// missing or of another type, a flip rate that is not flipped / pairs, a side folder outside the
// pairs folder).
PairsManifest pairs_manifest_from_json(const nlohmann::json& json, const JsonOrigin& origin);
// Reads <pairs folder>/manifest.json (IoError when it cannot be read).
PairsManifest read_pairs_manifest(const std::filesystem::path& file);

}  // namespace railyard
